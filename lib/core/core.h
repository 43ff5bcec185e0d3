/*
 * core.h: the bottom layer of libfs. C, POSIX and threads only: errors,
 * memory, buffers, the number codec, dates and durations, parallel loops.
 *
 * Rule: files in lib/core/ include only system headers and lib/core/
 * headers. Nothing here knows of trees, Slurm or any outside format
 * (tests/layers.t checks the includes).
 *
 * Ownership, everywhere in libfs: an object initialised with fs_X_init() or
 * filled by fs_X_read() owns everything it points to and gives it back with
 * fs_X_release(); problems are reported through struct fs_err.
 */
#ifndef FS_CORE_H
#define FS_CORE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Exit codes shared by every program. */
enum { FS_EXIT_OK = 0, FS_EXIT_DATA = 1, FS_EXIT_USAGE = 2 };

/* Slurm's sentinels (slurm.h, slurmdb.h). */
#define FS_NO_VAL 4294967294u
#define FS_INFINITE 4294967295u

/* ------------------------------------------------------------------ err.c */

/* Where a problem was found and what it is: printed as "prog: file:line: msg". */
struct fs_err {
	const char *file;	/* "<stdin>" for standard input; may be NULL */
	unsigned long line;	/* 0 when no line applies */
	char msg[1024];
};

int fs_error(struct fs_err *e, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));	/* returns -1 */
/* The message of an error found on a piece of the input (by a thread),
 * into e, its line moved on by offset; e keeps its file. Returns -1. */
int fs_err_take(struct fs_err *e, const struct fs_err *from,
		unsigned long offset);
void fs_err_print(const struct fs_err *e);	/* to stderr, with fs_progname */
/* The len bytes at s for a message, into out (size bytes, at least 8): in
 * double quotes, a control byte, '"' and '\\' written as C writes them
 * ("\n", "\t", "\x1b"), cut with "..." when they do not fit. Returns
 * out. */
char *fs_quote(char *out, size_t size, const char *s, size_t len);

extern const char *fs_progname;
void fs_set_progname(const char *argv0);
/* "fs-rank (fairshare toolkit) 0.9.0" on stdout: the toolkit's release,
 * FS_VERSION, which the Makefile gives err.c from the file VERSION. */
void fs_print_version(void);
/* A usage error's tail: the program's synopsis (its "usage:" lines) and
 * "Try 'PROG --help' ..." on stderr, not the whole help. Returns
 * FS_EXIT_USAGE. */
int fs_usage_error(const char *synopsis);
/* The last case of a program's option switch: -V (--version) prints the
 * version, -h (--help) usage(stdout), anything else is fs_usage_error.
 * Returns the exit code. */
int fs_opt_other(int c, const char *synopsis, void (*usage)(FILE *));
void fs_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void fs_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Each line of text (NULL: none) as a warning of its own. */
void fs_warn_lines(const char *text);
/* Ignore SIGPIPE's default and end quietly on EPIPE: call once at start. */
void fs_stdout_init(void);
/* Flush and close stdout; on failure print a message. Returns an exit code. */
int fs_stdout_close(void);

/* ------------------------------------------------------------------ mem.c */

void *fs_xmalloc(size_t n);
void *fs_xcalloc(size_t n, size_t size);
/* fs_xcalloc for big arrays in random access: in huge pages where the
 * kernel has them; free with fs_free_huge and the same n and size. */
void *fs_xcalloc_huge(size_t n, size_t size);
void fs_free_huge(void *p, size_t n, size_t size);
/* fs_xcalloc_huge for a block of n bytes about to be filled whole at once
 * (fs_prefault): from 1 MB on, in 2 MB pages too, its address space made
 * 4 MB, which fs_xcalloc_huge puts in them (what is never touched costs
 * nothing). A 2 MB page is made about ten times faster than its 512 4 KB
 * pages. *room gets the n to free it with: fs_free_huge(p, *room, 1). */
void *fs_xcalloc_filled(size_t n, size_t *room);
/* The same pages for a block from malloc that will be filled at once (a
 * hint: the whole 2 MB pages inside it, when it is 4 MB or more). */
void fs_advise_huge(void *p, size_t bytes);
/* The pages of a block that is about to be filled whole, made in one call
 * rather than a page fault each 4 KB (a hint, kept by every kernel that
 * knows it: 40,000 jobs of fs-prio took 2,700 faults, 3 ms; blocks of
 * 64 KB and more). Its contents are unchanged. */
void fs_prefault(void *p, size_t bytes);
void *fs_xrealloc(void *p, size_t n);
void *fs_xreallocarray(void *p, size_t n, size_t size);
char *fs_xstrdup(const char *s);
/* Room for one more element in array p of n elements and capacity cap
 * (all lvalues): doubles cap, from 64. */
#define FS_GROW(p, n, cap) do {						\
	if ((n) == (cap)) {						\
		(cap) = (cap) ? 2 * (cap) : 64;				\
		(p) = fs_xreallocarray((p), (cap), sizeof(*(p)));	\
	}								\
} while (0)

/* ------------------------------------------------------------------ buf.c */

/* Open a FILE operand for reading: NULL or "-" is standard input. *name is
 * what messages call it ("<stdin>" for standard input). On failure prints
 * "prog: FILE: reason" and returns NULL. fs_close_input leaves stdin open. */
FILE *fs_open_input(const char *arg, const char **name);
/* Open path for reading only if it is a regular file (a symbolic link is
 * followed), never waiting: a FIFO or a device is refused unread with
 * "prog: PATH: not a regular file: WHY". NULL after a message on failure;
 * close with fs_close_input. */
FILE *fs_open_regular(const char *path, const char *why);
/* Whether name is a directory (through links). */
int fs_is_dir(const char *name);
void fs_close_input(FILE *f);
/* Write all of buf or fail: returns 0 or -1 (errno set). */
int fs_write_all(FILE *out, const void *buf, size_t len);

/* Growable byte buffer. */
struct fs_buf {
	char *data;
	size_t len, cap;
	int huge;	/* data is from fs_xcalloc_huge(cap, 1) */
};
void fs_buf_init(struct fs_buf *b);
void fs_buf_release(struct fs_buf *b);
/* Room for extra more bytes and the NUL after them. */
void fs_buf_grow(struct fs_buf *b, size_t extra);
/* Appending is inline: writing a big tree appends tens of millions of
 * times. The buffer stays NUL-terminated. */
static inline void
fs_buf_add(struct fs_buf *b, const void *p, size_t n)
{
	if (b->cap - b->len <= n)
		fs_buf_grow(b, n);
	if (n)	/* p may be NULL when there is nothing to add */
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}
static inline void
fs_buf_addch(struct fs_buf *b, char c)
{
	if (b->cap - b->len <= 1)
		fs_buf_grow(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

/* Room for n bytes and the NUL at the buffer's end: a writer of many
 * small cells (a big page, sshare's columns) makes room for a row once,
 * writes through the pointer it gets, and gives the end back with
 * fs_buf_used. */
static inline char *
fs_buf_room(struct fs_buf *b, size_t n)
{
	if (b->cap - b->len <= n)
		fs_buf_grow(b, n);
	return b->data + b->len;
}

/* What was written at fs_buf_room, up to o, is the buffer's. */
static inline void
fs_buf_used(struct fs_buf *b, char *o)
{
	b->len = (size_t)(o - b->data);
	*o = '\0';
}
/* Inline too: a literal's length is then known where it is written. */
static inline void
fs_buf_addstr(struct fs_buf *b, const char *s)
{
	fs_buf_add(b, s, strlen(s));
}
void fs_buf_printf(struct fs_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void fs_buf_vprintf(struct fs_buf *b, const char *fmt, va_list ap);

/* FNV-1a, the toolkit's one string hash (names' tables, accounts by
 * name, sacct's associations): fs_fnv(FS_FNV_INIT, s) hashes s; names of
 * several parts hash each with fs_fnv and a separator (fs_fnv_sep)
 * between them, so that "ab"+"c" and "a"+"bc" differ. */
#define FS_FNV_INIT 0xcbf29ce484222325ULL
#define FS_FNV_PRIME 0x100000001b3ULL

static inline uint64_t
fs_fnv(uint64_t h, const char *s)
{
	while (*s)
		h = (h ^ (unsigned char)*s++) * FS_FNV_PRIME;
	return h;
}

static inline uint64_t
fs_fnv_sep(uint64_t h)
{
	return (h ^ 0xff) * FS_FNV_PRIME;
}

/* The first byte from p before end that is a control byte up to '\r'
 * (tab, newline, CR, NUL and the rarer others), or end: 16 bytes a step
 * where SSE2 is (every x86-64), so that splitting a line into fields is
 * one pass over its bytes instead of a call per field. Reads nothing at
 * or after end. */
static inline const char *
fs_scan_ctl(const char *p, const char *end)
{
#ifdef __SSE2__
	const __m128i lim = _mm_set1_epi8('\r');

	for (; end - p >= 16; p += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
		unsigned m = (unsigned)_mm_movemask_epi8(
			_mm_cmpeq_epi8(_mm_min_epu8(x, lim), x));

		if (m)
			return p + __builtin_ctz(m);
	}
#endif
	for (; p < end; p++)
		if ((unsigned char)*p <= '\r')
			break;
	return p;
}

/* Which of the 16 bytes at p are control bytes up to '\r' (bit i for
 * p[i]), the bytes fs_scan_ctl stops at: a line of many short fields is
 * then split one step per 16 bytes rather than a scan per field. Reads
 * p[0..16). */
static inline unsigned
fs_ctl_mask16(const char *p)
{
#ifdef __SSE2__
	const __m128i lim = _mm_set1_epi8('\r');
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);

	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(x, lim),
							  x));
#else
	unsigned m = 0;
	int i;

	for (i = 0; i < 16; i++)
		if ((unsigned char)p[i] <= '\r')
			m |= 1u << i;
	return m;
#endif
}

/* ---------------------------------------------------------------- slurp.c */

/* Read a whole stream into a NUL-terminated buffer. Returns 0 or -1. */
int fs_slurp(FILE *in, struct fs_buf *b, struct fs_err *e);

/* -------------------------------------------------------------- replace.c */

/* A file replaced whole (fs-report --out): a reader sees the old file or
 * the new one, never half. Messages are printed, "prog: FILE: reason".
 * Whether path can be replaced: absent, or a regular file (through a
 * symbolic link, the file it names); -1 after a message when not. */
int fs_replace_check(const char *path);
/* Replace path (a symbolic link: the file it names) with what put(f, data)
 * writes (0, or -1 with errno set), through a temporary file in the same
 * directory renamed into place, with the mode of the file it replaces (a
 * new one: 0666 less the umask). Returns FS_EXIT_OK, or FS_EXIT_DATA after
 * a message, the old file untouched. */
int fs_replace(const char *path, int (*put)(FILE *, const void *),
	       const void *data);
/* s appended to b with glob(3)'s wildcards quoted. */
void fs_buf_glob_quote(struct fs_buf *b, const char *s);

/* ------------------------------------------------------------------ num.c */

/* Numbers as the TSV tree writes them: exact round trip. */
void fs_buf_ld(struct fs_buf *b, long double v);	/* %.21Lg, "inf" */
void fs_buf_double(struct fs_buf *b, double v);	/* %.17g, "inf" */
void fs_buf_ll(struct fs_buf *b, long long v);	/* %lld, without printf */
/* The same into out[FS_FMT_MAX], no NUL; returns the length. */
#define FS_FMT_MAX 64
int fs_fmt_ld(char *out, long double v);
int fs_fmt_double(char *out, double v);
/* printf("%.*Lg", P, v) for P from 1 to 21 into out[FS_FMT_MAX], no NUL:
 * the length, or -1 (printf it then) where v is not a normal x87 long
 * double or lies beyond about 1e-110 to 1e38. */
int fs_fmt_g_ld(char *out, long double v, int P);
/* printf("%.*e", prec, v) for prec from 0 to 20 into out[FS_FMT_MAX], no
 * NUL, from fs_fmt_g_ld's digits: the length, or -1 (printf it then) for 0,
 * a value that is not finite or beyond fs_fmt_g_ld's range. */
int fs_fmt_e(char *out, double v, int prec);
/* fs_buf_ll's digits at out (room for 21 bytes), no NUL: the end. The
 * fs_put_* write where the caller has made room, for a row written at
 * once (fs_put_double_memo: FS_FMT_MAX bytes). */
char *fs_put_ll(char *out, long long v);
char *fs_put_u64(char *out, uint64_t v);	/* %llu of a uint64_t */
/* (uint64_t)v of a long double v >= 0, UINT64_MAX from 2^64 - 1 up: what
 * sshare prints of a RawUsage, without the FPU control-word switches a cast
 * from the x87 costs (a million rows of sshare -l). */
uint64_t fs_ld_u64(long double v);
/* printf("%f") into out[FS_FMT_MAX], no NUL: the length, or -1 when
 * |v| >= 2^63 and finite, or nan (printf it then); "inf" and "-inf" as
 * printf writes them (a user's Level FS without usage). */
int fs_fmt_fixed6(char *out, double v);
/* printf("%.6Lf") likewise (-1 also where long double is not x87's). */
int fs_fmt_fixed6_ld(char *out, long double v);
/* The last value one of the writers above formatted, and its text: a
 * column whose values repeat (siblings' shares, the usage down a deep
 * chain) formats each run of equal values once. Zeroed to start; one
 * memo serves one writer. Each fs_memo_* gives what its fs_fmt_* gives
 * (out has room for FS_FMT_MAX bytes). */
struct fs_fmt_memo {
	long double v;			/* as bits: -0 is not 0 */
	int set;
	int len;
	char text[32];
};
int fs_memo_ld(struct fs_fmt_memo *m, char *out, long double v);
int fs_memo_double(struct fs_fmt_memo *m, char *out, double v);
int fs_memo_fixed6(struct fs_fmt_memo *m, char *out, double v);
int fs_memo_fixed6_ld(struct fs_fmt_memo *m, char *out, long double v);
/* fs_memo_double where the caller has made room for FS_FMT_MAX bytes at
 * out, a repeat copied inline (a column of a big output repeats its values,
 * and formatting them is most of the cost of writing): the end. */
static inline char *
fs_put_double_memo(char *out, struct fs_fmt_memo *m, double v)
{
	if (!m->set || memcmp(&m->v, &v, sizeof(v)))
		return out + fs_memo_double(m, out, v);
	memcpy(out, m->text, sizeof(m->text));	/* a constant size */
	return out + m->len;
}
/* fs_buf_double's bytes through a memo. */
static inline void
fs_buf_double_memo(struct fs_buf *b, struct fs_fmt_memo *m, double v)
{
	fs_buf_grow(b, FS_FMT_MAX);
	b->len = (size_t)(fs_put_double_memo(b->data + b->len, m, v) -
			  b->data);
	b->data[b->len] = '\0';
}
/* Parse a non-negative decimal (RawUsage): 0 or -1 with a message
 * "column 'NAME': ..." in e. Accepts what strtold accepts except hex, nan,
 * inf, signs and spaces. */
int fs_parse_usage(const char *s, const char *col, long double *v,
		   struct fs_err *e, unsigned long line);
/* Parse a long double that may be "inf" (computed columns read back). */
int fs_parse_ld(const char *s, long double *v);
/* A non-negative plain decimal (an option's rate or share) into a
 * finite double: 0, or -1 (hex, a sign, a space, nan, inf, too large). */
int fs_parse_nonneg(const char *s, double *v);

/* ---------------------------------------------------------------- names.c */

/* An index of names kept by the caller (entry i named name(arg, i)), so
 * that looking one up is constant time: open addressing on FNV-1a, slots
 * holding i + 1 (0 free), at most half full. Zeroed is empty. */
struct fs_names {
	size_t *slot, slots;
};
typedef const char *fs_name_fn(const void *arg, size_t i);
/* The entry named key, or SIZE_MAX. */
size_t fs_names_find(const struct fs_names *x, const char *key,
		     fs_name_fn *name, const void *arg);
/* Index entry n - 1, just appended (entries 0 .. n - 2 are indexed). */
void fs_names_add(struct fs_names *x, size_t n, fs_name_fn *name,
		  const void *arg);
/* Find or add in one probe: entry n - 1 is just appended (entries 0 ..
 * n - 2 are indexed, all by fs_names_put: distinct names); the entry of
 * the same name if there is one (the caller then drops n - 1), else
 * n - 1, indexed. */
size_t fs_names_put(struct fs_names *x, size_t n, fs_name_fn *name,
		    const void *arg);
void fs_names_release(struct fs_names *x);
/* Levenshtein's distance between a and b, or max + 1 when it is more
 * (or a name is over 256 bytes): for "did you mean" hints. */
size_t fs_edit_distance(const char *a, const char *b, size_t max);

/* Split "a,b,c" into a NULL-terminated list (one allocation; empty
 * items dropped); fs_list_free releases it. */
char **fs_list_split(const char *s);
void fs_list_free(char **v);
/* Whether s (NULL: no) is in list, any case when nocase. */
int fs_list_has(const char *const *list, const char *s, int nocase);


/* ------------------------------------------------------------------ par.c */

/* Threads the parallel loops use: FS_THREADS, else the online cores (at
 * most 8). */
unsigned fs_par_threads(void);
/* At most n threads for the loops that follow (0: no cap), until called
 * again; not from inside a loop. For a caller with many small inputs in
 * turn, where a team of threads for each would cost more than its work
 * (fs-report --history). */
void fs_par_cap(unsigned n);
/* fn(arg, i) for every i in [0, n), on up to fs_par_threads() threads, in
 * any order; fn must write only what item i owns. */
void fs_par_for(size_t n, void (*fn)(void *arg, size_t i), void *arg);
/* make(arg, i, b) fills the empty buffer b with chunk i, in parallel;
 * emit(arg, b) gets the chunks strictly in order of i. Returns 0, or -1
 * when an emit returned non-zero (nothing is emitted after it). */
int fs_par_ordered(size_t n, void (*make)(void *arg, size_t i, struct fs_buf *b),
		   int (*emit)(void *arg, struct fs_buf *b), void *arg);
/* fs_par_ordered with take(arg, i) before make(arg, i, b), one take at a
 * time and in order of i, outside the other threads' makes: a stream read
 * in pieces (each piece's own bytes, in turn) while the pieces before are
 * worked on. n may be SIZE_MAX, an emit then ending it. */
int fs_par_ordered_take(size_t n, void (*take)(void *arg, size_t i),
			void (*make)(void *arg, size_t i, struct fs_buf *b),
			int (*emit)(void *arg, struct fs_buf *b), void *arg);
/* A run of adjacent items: [first, first + n). */
struct fs_run {
	uint32_t first, n;
};
/* The items i in [0, n) for which marked(ctx, i), in runs of adjacent ones
 * cut so that there are about 16 runs per thread: a million small pieces
 * of work are then not a million tasks. Sets *runs (the caller frees it)
 * and returns how many. */
uint32_t fs_par_runs(uint32_t n, int (*marked)(const void *ctx, uint32_t i),
		     const void *ctx, struct fs_run **runs);

/* ------------------------------------------------------------ timeparse.c */

#define FS_DURATION_MAX 315576000000LL	/* 10000 years, in seconds */

/* A time span in seconds: slurm.conf's forms ("M", "M:S", "H:M:S", "D-H",
 * "D-H:M", "D-H:M:S"; a bare number is minutes) or one number with a unit
 * s, m, h, d or w ("90s", "36h", "7d"). *slurm_form is 1 for slurm.conf's
 * forms. Returns 0, or -1 with e->msg set (line 0). */
int fs_parse_duration(const char *s, long long *secs, int *slurm_form,
		      struct fs_err *e);
/* An ISO 8601 date "YYYY-MM-DD[THH:MM[:SS]][Z|+HH:MM]" as seconds since
 * the epoch; without a zone it is local time (TZ), as sacct prints it. */
int fs_parse_date(const char *s, long long *t, struct fs_err *e);
/* A time as Slurm's commands read one (sbatch --begin, sacct -S), at the
 * time now: an ISO date as fs_parse_date reads it; "now" with an optional
 * "+N" or "-N" and a unit (seconds, the default, minutes, hours, days,
 * weeks; or s, m, h, d, w); "uts" and seconds since the epoch; a day
 * ("today", "tomorrow") and a time of day ("HH:MM[:SS]" with an optional
 * AM or PM, "midnight", "noon", "elevenses", "fika", "teatime"), alone or
 * together. A day alone is its midnight; a time of day alone is the next
 * one after now, or the one of today when past is set (a time that
 * refers to the past: a start, a snapshot's date). Local time (TZ).
 * Returns 0, or -1 with e->msg set (line 0). */
int fs_parse_when(const char *s, long long now, int past, long long *t,
		  struct fs_err *e);

/* A time span in words into out[96]: "2 days 3 h 5 min", "45 min",
 * "0 min", "1 min 30 s". Returns out. */
char *fs_fmt_span(long long t, char out[96]);
/* Current time as ISO 8601 UTC, "2026-11-22T09:30:00Z". */
void fs_iso_time(long long t, char out[32]);
/* The dates a tree holds: 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z. */
#define FS_DATE_MIN (-62167219200LL)
#define FS_DATE_MAX 253402300799LL
/* 0 when t is a date a tree can hold, else -1 with a message naming
 * what (the target, the start, --now) and the bound it passes. */
int fs_date_range(long long t, const char *what, struct fs_err *e);

#endif
