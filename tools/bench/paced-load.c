// An open-loop load at a steady rate, for "p99 at half the maximum rate" (`npm run bench`): the
// same client as paced-load.mjs, in C. Request i is due at start + i / rate whatever became of the
// earlier ones, and its latency counts from when it was due (no coordinated omission). Written in
// C because the measuring client must not add to what it measures: the JavaScript one woke on a
// 1 ms timer and paused for its own garbage collection, which set a floor of about 2.5 ms under
// the p99 of a server that answers in microseconds (see docs/decisions.md).
//
// Usage: paced-load <IPv4 address> <port> <request file> <rate/s> <seconds>
// The request file holds the whole HTTP/1.1 request as sent. Prints
// {"rps": answered per second, "p50", "p99", "max": ms, "sent": n, "failed": n}.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { CONNECTIONS = 64, BUFFER_BYTES = 1 << 20, WARMUP_S = 1 };

typedef struct {
  int fd;
  int busy;
  double due;      // when the request now on this connection fell due (s)
  size_t have;     // bytes of the answer read so far
  long header_end; // offset just past the blank line, -1 until seen
  long need;       // header + body bytes of the answer, -1 until known
  int status;
  char *buf;
} Conn;

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}

static char *request_bytes;
static size_t request_length;
static double *latencies;
static long measured, failed, outstanding;
static double measure_from;
// Due times of requests waiting for a free connection, oldest first (a ring as long as the run).
static double *waiting;
static long waiting_head, waiting_tail;

static int connect_to(const char *host, int port) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
  if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
    fprintf(stderr, "%s: an IPv4 address is expected\n", host);
    exit(2);
  }
  if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0 && errno != EINPROGRESS) {
    perror("connect");
    exit(2);
  }
  return fd;
}

static void send_on(Conn *c, double due) {
  c->busy = 1;
  c->due = due;
  c->have = 0;
  c->header_end = -1;
  c->need = -1;
  size_t sent = 0;
  while (sent < request_length) {
    ssize_t n = send(c->fd, request_bytes + sent, request_length - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EAGAIN) continue; // a request is a few hundred bytes: rare and short
    if (n <= 0) {
      failed++;
      outstanding--;
      c->busy = 0;
      return;
    }
    sent += (size_t)n;
  }
}

/** Parses what has arrived; answers 1 when the whole answer is in. */
static int answer_complete(Conn *c) {
  if (c->header_end < 0) {
    char *end = memmem(c->buf, c->have, "\r\n\r\n", 4);
    if (!end) return 0;
    c->header_end = end - c->buf + 4;
    c->status = c->have >= 12 ? atoi(c->buf + 9) : 0;
    long length = 0;
    for (char *p = c->buf; p < end; p++) {
      if ((p == c->buf || p[-1] == '\n') && strncasecmp(p, "content-length:", 15) == 0) {
        length = strtol(p + 15, NULL, 10);
        break;
      }
    }
    c->need = c->header_end + length;
  }
  return (long)c->have >= c->need;
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: paced-load <host> <port> <request file> <rate/s> <seconds>\n");
    return 2;
  }
  const char *host = argv[1];
  int port = atoi(argv[2]);
  FILE *f = fopen(argv[3], "rb");
  if (!f) {
    perror(argv[3]);
    return 2;
  }
  request_bytes = malloc(1 << 16);
  request_length = fread(request_bytes, 1, 1 << 16, f);
  fclose(f);
  double rate = atof(argv[4]);
  double seconds = atof(argv[5]);
  long total = (long)(rate * (seconds + WARMUP_S) + 0.5);
  latencies = malloc(sizeof(double) * (size_t)total);
  waiting = malloc(sizeof(double) * (size_t)total);

  int ep = epoll_create1(0);
  Conn conns[CONNECTIONS];
  Conn *idle[CONNECTIONS];
  int idle_count = 0;
  for (int i = 0; i < CONNECTIONS; i++) {
    conns[i] = (Conn){.fd = connect_to(host, port), .buf = malloc(BUFFER_BYTES)};
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &conns[i]};
    epoll_ctl(ep, EPOLL_CTL_ADD, conns[i].fd, &ev);
    idle[idle_count++] = &conns[i];
  }
  // Let the connections finish their handshakes before the clock starts.
  struct timespec settle = {0, 200 * 1000 * 1000};
  nanosleep(&settle, NULL);

  double start = now_s();
  measure_from = start + WARMUP_S;
  long sent = 0;
  struct epoll_event events[CONNECTIONS];
  double deadline = start + seconds + WARMUP_S + 10;
  while ((sent < total || outstanding > 0) && now_s() < deadline) {
    double t = now_s();
    long due_count = (long)((t - start) * rate) + 1;
    if (due_count > total) due_count = total;
    while (sent < due_count) {
      double due = start + (double)sent / rate;
      sent++;
      outstanding++;
      if (idle_count > 0) send_on(idle[--idle_count], due);
      else waiting[waiting_tail++] = due;
    }
    // Sleep until the next request falls due or an answer arrives, to the microsecond.
    double next = sent < total ? start + (double)sent / rate : t + 0.005;
    double wait_s = next - now_s();
    struct timespec timeout = {0, 0};
    if (wait_s > 0) {
      timeout.tv_sec = (time_t)wait_s;
      timeout.tv_nsec = (long)((wait_s - (double)timeout.tv_sec) * 1e9);
    }
    int n = epoll_pwait2(ep, events, CONNECTIONS, &timeout, NULL);
    for (int i = 0; i < n; i++) {
      Conn *c = events[i].data.ptr;
      for (;;) {
        ssize_t r = recv(c->fd, c->buf + c->have, BUFFER_BYTES - c->have, 0);
        if (r < 0 && errno == EAGAIN) break;
        if (r <= 0) {
          fprintf(stderr, "connection closed by the server\n");
          return 1;
        }
        c->have += (size_t)r;
        if (!c->busy) c->have = 0; // nothing was asked on this connection: not an answer of ours
        if (!c->busy || !answer_complete(c)) continue;
        double done = now_s();
        outstanding--;
        c->busy = 0;
        if (c->status >= 200 && c->status < 400) {
          if (c->due >= measure_from) latencies[measured++] = (done - c->due) * 1000;
        } else {
          failed++;
        }
        if (waiting_head < waiting_tail) send_on(c, waiting[waiting_head++]);
        else idle[idle_count++] = c;
        break;
      }
    }
  }
  qsort(latencies, (size_t)measured, sizeof(double), compare_doubles);
#define AT(q) (measured > 0 ? latencies[(long)((double)measured * (q))] : -1)
  printf("{\"rps\":%.1f,\"p50\":%.3f,\"p99\":%.3f,\"max\":%.3f,\"sent\":%ld,\"failed\":%ld}\n",
         (double)measured / seconds, AT(0.5), AT(0.99), measured > 0 ? latencies[measured - 1] : -1, sent,
         failed + outstanding);
  return 0;
}
