// The wallet bench's PostgreSQL reference: the rawest durable transfer PostgreSQL does here. One
// connection to the database at argv[2] (synchronous_commit on, as the server runs it); per transfer
// one transaction with two balance updates (the debit conditional) and one row of record, as
// prepared statements, committed. Prints {"perSecond": n} after `SECONDS`.
import pg from 'pg';

const seconds = Number(process.env.SECONDS ?? 10);
const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
await client.query('drop table if exists raw_accounts, raw_transfers');
await client.query(`create table raw_accounts (id text primary key, balance bigint not null);
  create table raw_transfers (id text primary key, debit text not null, credit text not null,
    amount bigint not null, created_at bigint not null);
  insert into raw_accounts values ('a', 1000000000000), ('b', 0);`);
const debit = 'update raw_accounts set balance = balance - $1 where id = $2 and balance >= $1';
const credit = 'update raw_accounts set balance = balance + $1 where id = $2';
const record = 'insert into raw_transfers values ($1, $2, $3, $4, $5)';
let n = 0;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  await client.query('begin');
  const moved = await client.query({ name: 'debit', text: debit, values: [1, 'a'] });
  if (moved.rowCount !== 1) throw new Error('short');
  await client.query({ name: 'credit', text: credit, values: [1, 'b'] });
  await client.query({ name: 'record', text: record, values: [`t${n}`, 'a', 'b', 1, Date.now()] });
  await client.query('commit');
  n++;
}
await client.query('drop table raw_accounts, raw_transfers');
await client.end();
console.log(JSON.stringify({ perSecond: n / seconds }));
