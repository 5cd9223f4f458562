// The money bench's reference: the rawest durable transfer SQLite can do here. One connection,
// WAL, synchronous=FULL; per transfer one transaction with two balance updates (the debit
// conditional) and one row of record, committed. Prints {"perSecond": n} after `SECONDS`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const seconds = Number(process.env.SECONDS ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'raw-transfer-'));
const db = new Database(join(dir, 'raw.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`create table accounts (id text primary key, balance integer not null);
  create table transfers (id text primary key, debit text not null, credit text not null, amount integer not null, created_at integer not null);
  insert into accounts values ('a', 1000000000000), ('b', 0);`);
const debit = db.prepare('update accounts set balance = balance - ? where id = ? and balance >= ?');
const credit = db.prepare('update accounts set balance = balance + ? where id = ?');
const record = db.prepare('insert into transfers values (?, ?, ?, ?, ?)');
const transfer = db.transaction((n) => {
  if (debit.run(1, 'a', 1).changes !== 1) throw new Error('short');
  credit.run(1, 'b');
  record.run(`t${n}`, 'a', 'b', 1, Date.now());
});
let n = 0;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) transfer(n++);
db.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ perSecond: n / seconds }));
