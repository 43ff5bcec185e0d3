/*
 * par.c: the few loops worth running on every core.
 *
 * A million associations take under a second on one core, and the costliest
 * steps (reading the rows, sorting siblings, computing Level FS, formatting
 * the output) are independent per row or per chunk of rows. Two shapes
 * cover them:
 *
 *   fs_par_for      fn(arg, i) for every i in [0, n), in any order;
 *   fs_par_ordered  make(arg, i, buf) in parallel, emit(arg, buf) strictly
 *                   in order of i (non-zero from emit stops everything),
 *                   with a bounded number of chunks in flight so memory
 *                   stays small; fs_par_ordered_take also calls take(arg,
 *                   i) before make, one at a time in order of i (reading a
 *                   stream piece by piece while earlier pieces are made).
 *
 * fs_par_runs cuts work of unknown sizes (the subtrees below the top of a
 * tree) into tasks for fs_par_for.
 *
 * Both are deterministic in their results: callers write only to what
 * chunk i owns and combine afterwards in order, so output and error
 * messages are the same byte for byte with 1 thread or many. FS_THREADS
 * sets the number of threads (1 runs everything in the calling thread);
 * the default is the number of online cores, at most FS_PAR_MAX. A thread
 * that cannot be created is not an error: its work falls to the others.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/core.h"

#define FS_PAR_MAX 8

/* fs_par_cap's, 0 for none: set by the calling thread between loops. */
static unsigned par_cap;

void
fs_par_cap(unsigned n)
{
	par_cap = n;
}

unsigned
fs_par_threads(void)
{
	static unsigned threads;
	const char *s;
	long n;

	if (threads)
		return par_cap && par_cap < threads ? par_cap : threads;
	s = getenv("FS_THREADS");
	n = s && *s ? strtol(s, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	if (n > FS_PAR_MAX)
		n = FS_PAR_MAX;
	threads = (unsigned)n;
	return par_cap && par_cap < threads ? par_cap : threads;
}

/* worker(arg) on nt threads, this one among them, until all return. */
static void
run_team(unsigned nt, void *(*worker)(void *), void *arg)
{
	pthread_t th[FS_PAR_MAX];
	unsigned t, started = 0;

	for (t = 1; t < nt; t++)
		if (!pthread_create(&th[started], NULL, worker, arg))
			started++;
	worker(arg);
	for (t = 0; t < started; t++)
		pthread_join(th[t], NULL);
}

/* ----------------------------------------------------------- fs_par_runs */

uint32_t
fs_par_runs(uint32_t n, int (*marked)(const void *ctx, uint32_t i),
	    const void *ctx, struct fs_run **runs)
{
	uint32_t i, total = 0, per, nrun = 0, cap = 0;
	struct fs_run *r = NULL;

	for (i = 0; i < n; i++)
		total += marked(ctx, i) != 0;
	per = total / (16 * fs_par_threads()) + 1;
	for (i = 0; i < n; i++) {
		if (!marked(ctx, i))
			continue;
		if (nrun && r[nrun - 1].first + r[nrun - 1].n == i &&
		    r[nrun - 1].n < per) {
			r[nrun - 1].n++;
			continue;
		}
		FS_GROW(r, nrun, cap);
		r[nrun].first = i;
		r[nrun++].n = 1;
	}
	*runs = r;
	return nrun;
}

/* ------------------------------------------------------------ fs_par_for */

struct par_for {
	size_t n, next;
	void (*fn)(void *, size_t);
	void *arg;
	pthread_mutex_t m;
};

static void *
for_worker(void *p)
{
	struct par_for *j = p;
	size_t i;

	for (;;) {
		pthread_mutex_lock(&j->m);
		i = j->next < j->n ? j->next++ : j->n;
		pthread_mutex_unlock(&j->m);
		if (i == j->n)
			return NULL;
		j->fn(j->arg, i);
	}
}

void
fs_par_for(size_t n, void (*fn)(void *arg, size_t i), void *arg)
{
	struct par_for j = {n, 0, fn, arg, PTHREAD_MUTEX_INITIALIZER};
	unsigned nt = fs_par_threads();
	size_t i;

	if (nt > n)
		nt = (unsigned)n;
	if (nt <= 1) {
		for (i = 0; i < n; i++)
			fn(arg, i);
		return;
	}
	run_team(nt, for_worker, &j);
	pthread_mutex_destroy(&j.m);
}

/* -------------------------------------------------------- fs_par_ordered */

enum { SLOT_FREE, SLOT_BUSY, SLOT_DONE };

struct par_ord {
	size_t n, next, written, ring;
	void (*take)(void *, size_t);
	size_t taken;		/* take has been called for [0, taken) */
	pthread_mutex_t tm;
	pthread_cond_t tc;
	void (*make)(void *, size_t, struct fs_buf *);
	int (*emit)(void *, struct fs_buf *);
	void *arg;
	struct fs_buf *buf;
	unsigned char *state;
	int failed;
	pthread_mutex_t m;
	pthread_cond_t c;
};

/* Make chunks while there are some and a slot is free for them; the
 * thread that finds the next chunk to write done writes it (and any done
 * after it), so the writer is whoever is free. */
static void *
ord_worker(void *p)
{
	struct par_ord *j = p;
	size_t i, s;

	pthread_mutex_lock(&j->m);
	for (;;) {
		if (j->failed || j->written == j->n)
			break;
		s = j->written % j->ring;
		if (j->state[s] == SLOT_DONE && j->written < j->next) {
			/* Write it: its slot is ours until marked free. */
			struct fs_buf *b = &j->buf[s];
			int r;

			j->state[s] = SLOT_BUSY;
			pthread_mutex_unlock(&j->m);
			r = j->emit(j->arg, b);
			b->len = 0;
			pthread_mutex_lock(&j->m);
			j->state[s] = SLOT_FREE;
			j->written++;
			if (r)
				j->failed = 1;
			pthread_cond_broadcast(&j->c);
			continue;
		}
		if (j->next < j->n && j->next - j->written < j->ring) {
			i = j->next++;
			s = i % j->ring;
			j->state[s] = SLOT_BUSY;
			pthread_mutex_unlock(&j->m);
			if (j->take) {
				/* Its turn: after take of i - 1, whichever
				 * thread made that. */
				pthread_mutex_lock(&j->tm);
				while (j->taken != i)
					pthread_cond_wait(&j->tc, &j->tm);
				j->take(j->arg, i);
				j->taken++;
				pthread_cond_broadcast(&j->tc);
				pthread_mutex_unlock(&j->tm);
			}
			j->make(j->arg, i, &j->buf[s]);
			pthread_mutex_lock(&j->m);
			j->state[s] = SLOT_DONE;
			pthread_cond_broadcast(&j->c);
			continue;
		}
		pthread_cond_wait(&j->c, &j->m);
	}
	pthread_mutex_unlock(&j->m);
	return NULL;
}

int
fs_par_ordered(size_t n, void (*make)(void *arg, size_t i, struct fs_buf *b),
	       int (*emit)(void *arg, struct fs_buf *b), void *arg)
{
	return fs_par_ordered_take(n, NULL, make, emit, arg);
}

int
fs_par_ordered_take(size_t n, void (*take)(void *arg, size_t i),
		    void (*make)(void *arg, size_t i, struct fs_buf *b),
		    int (*emit)(void *arg, struct fs_buf *b), void *arg)
{
	struct par_ord j;
	unsigned nt = fs_par_threads();
	size_t i;
	int ret = 0;

	if (nt > n)
		nt = (unsigned)n;
	if (nt <= 1) {
		struct fs_buf b;

		fs_buf_init(&b);
		for (i = 0; i < n && !ret; i++) {
			if (take)
				take(arg, i);
			make(arg, i, &b);
			ret = emit(arg, &b);
			b.len = 0;
		}
		fs_buf_release(&b);
		return ret ? -1 : 0;
	}
	memset(&j, 0, sizeof(j));
	j.n = n;
	j.ring = 2 * (size_t)nt;
	j.take = take;
	j.make = make;
	j.emit = emit;
	j.arg = arg;
	j.buf = fs_xcalloc(j.ring, sizeof(*j.buf));
	j.state = fs_xcalloc(j.ring, 1);
	for (i = 0; i < j.ring; i++)
		fs_buf_init(&j.buf[i]);
	pthread_mutex_init(&j.m, NULL);
	pthread_cond_init(&j.c, NULL);
	pthread_mutex_init(&j.tm, NULL);
	pthread_cond_init(&j.tc, NULL);
	run_team(nt, ord_worker, &j);
	/* A failed emit stops the others; chunks made but not written are
	 * dropped with their buffers. */
	for (i = 0; i < j.ring; i++)
		fs_buf_release(&j.buf[i]);
	free(j.buf);
	free(j.state);
	pthread_cond_destroy(&j.c);
	pthread_mutex_destroy(&j.m);
	pthread_cond_destroy(&j.tc);
	pthread_mutex_destroy(&j.tm);
	return j.failed ? -1 : 0;
}
