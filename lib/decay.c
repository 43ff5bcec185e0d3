/*
 * decay.c: Slurm's usage decay, and a replay of jobs the way slurmctld
 * charges them (SLURM-REFERENCE §4).
 *
 * Slurm does not decay by the true half-life: its per-second factor is the
 * first-order approximation df = 1 - 0.693/half_life, and t seconds multiply
 * the usage (a long double) by pow(df, t) (a double), clamped to DBL_MIN.
 * A job running for run_delta seconds of a cycle adds
 * run_delta * pow(df, run_delta) * billing, computed in double, to its
 * association and every ancestor up to root.
 *
 * The replay runs the decay thread's cycle at from + period, from +
 * 2 period, ... and finally at `to`. In each cycle (a, b] it does what the
 * controller does in real time: a job ending at E <= b is charged for
 * [max(a, start), E] when it ends (priority_p_job_end), in order of end time;
 * at b all usage is multiplied by the factor for b - a; then every job still
 * running at b is charged for [max(a, start), b], in input order (the job
 * list's order). Jobs are kept in an array sorted by start, so each cycle
 * touches only the jobs running in it.
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fs.h"

double
fs_decay_df(long long half_life)
{
	if (half_life <= 0)
		return 1;
	return 1 - (0.693 / (double)half_life);
}

double
fs_decay_factor(const struct fs_decay *d, long long t)
{
	double f;

	if (t <= 0 || d->half_life <= 0)
		return 1;
	if (d->exact)
		return exp2(-(double)t / (double)d->half_life);
	f = pow(fs_decay_df(d->half_life), (double)t);
	return f < DBL_MIN ? DBL_MIN : f;
}

double
fs_decay_charge(const struct fs_decay *d, long long run_delta, double billing)
{
	double run_decay, delta = (double)run_delta;

	if (run_delta <= 0)
		return 0;
	/* Slurm does not clamp this pow(). */
	if (d->half_life <= 0)
		run_decay = delta;
	else if (d->exact)
		run_decay = delta * exp2(-delta / (double)d->half_life);
	else
		run_decay = delta * pow(fs_decay_df(d->half_life), delta);
	return run_decay * billing;
}

void
fs_decay_tree(struct fs_tree *tr, double factor)
{
	uint32_t i;

	if (factor == 1)
		return;	/* Slurm skips a factor of exactly 1 */
	for (i = 0; i < tr->n; i++)
		tr->node[i].usage_raw *= (long double)factor;
}

/*
 * Reading RawUsage fast: strtold was the largest cost of the streaming
 * decay. A plain decimal is N / 10^k. When N < 2^64 and k <= 19, both are
 * exact in the x87 long double (5^19 < 2^64), so one division rounds once,
 * to the value strtold gives (Clinger's fast path). Up to 21 digits (what
 * fs_buf_ld writes) with k <= 20: N / 10^k = (N * 2^t / 5^k) * 2^-(t+k),
 * and with N * 2^t below 2^115 the quotient by 5^k (< 2^47) is an exact
 * 128-bit integer division whose quotient has 67 bits or more; its low bits
 * and the remainder round it to 64 bits, half to even, as strtold does.
 * Everything else goes to fs_parse_usage, which also words the errors.
 * tests/unit/decay.c compares both paths with strtold.
 */
#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
#define FAST_LD 1

static int
bits128(unsigned __int128 x)
{
	uint64_t hi = (uint64_t)(x >> 64);

	return hi ? 128 - __builtin_clzll(hi)
		  : (uint64_t)x ? 64 - __builtin_clzll((uint64_t)x) : 0;
}

/* N / 10^k correctly rounded; N > 0, N < 2^70, k <= 20. */
static long double
ld_from_decimal(unsigned __int128 n, int k)
{
	uint64_t p5 = 1, mant;
	unsigned __int128 num, q, rem, half;
	int t, b5, shift, sticky, i;
	long double v;
	unsigned char raw[sizeof(long double)];
	uint16_t ex;

	for (i = 0; i < k; i++)
		p5 *= 5;
	b5 = bits128(p5);
	t = 67 + b5 - bits128(n);
	if (t < 0)
		t = 0;
	num = n << t;
	q = num / p5;
	sticky = num % p5 != 0;
	shift = bits128(q) - 64;
	mant = (uint64_t)(q >> shift);
	rem = q & (((unsigned __int128)1 << shift) - 1);
	half = (unsigned __int128)1 << (shift - 1);
	if (rem > half || (rem == half && (sticky || (mant & 1)))) {
		if (++mant == 0) {
			mant = 1ULL << 63;
			shift++;
		}
	}
	/* v = mant * 2^(shift - t - k); the mantissa's top bit is 2^63. */
	ex = (uint16_t)(16383 + 63 + shift - t - k);
	memset(raw, 0, sizeof(raw));
	memcpy(raw, &mant, 8);
	memcpy(raw + 8, &ex, 2);
	memcpy(&v, raw, sizeof(v));
	return v;
}
#endif

int
fs_decay_parse_usage(const char *s, long double *v, struct fs_err *e,
		     unsigned long line)
{
#ifdef FAST_LD
	static const long double p10[20] = {
		1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L,
		1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L,
		1e19L};
	const char *p = s;
	unsigned __int128 n = 0;
	int nd = 0, frac = 0;

	for (; *p >= '0' && *p <= '9' && nd < 22; p++, nd++)
		n = n * 10 + (unsigned)(*p - '0');
	if (nd && *p == '.' && p[1] >= '0' && p[1] <= '9')
		for (p++; *p >= '0' && *p <= '9' && nd < 22;
		     p++, nd++, frac++)
			n = n * 10 + (unsigned)(*p - '0');
	if (nd && !*p) {
		if (n == 0) {
			*v = 0;
			return 0;
		}
		if (nd <= 19) {
			*v = frac ? (long double)(uint64_t)n / p10[frac]
				  : (long double)(uint64_t)n;
			return 0;
		}
		if (nd <= 21 && frac <= 20) {
			*v = ld_from_decimal(n, frac);
			return 0;
		}
	}
#endif
	return fs_parse_usage(s, "RawUsage", v, e, line);
}

/*
 * Writing RawUsage fast: the same bytes as fs_buf_ld ("%.21Lg") for
 * 1 <= v < 2^64, the range of usage values, without a general conversion.
 * v = m / 2^k exactly (m the 64-bit mantissa, 0 <= k <= 63): the integer
 * part is m >> k, and each block of fraction digits is the integer part of
 * the fraction times 10^n, exact in 128 bits. The remainder left after the
 * 21st significant digit decides the rounding, half to even as printf does.
 * %g then drops trailing zeros. tests/unit/decay.c checks it against
 * fs_buf_ld and printf byte for byte; other values go to fs_buf_ld.
 */
void
fs_decay_buf_usage(struct fs_buf *b, long double v)
{
#ifdef FAST_LD
	static const uint64_t p10[9] = {1, 10, 100, 1000, 10000, 100000,
					1000000, 10000000, 100000000};
	unsigned char raw[sizeof(long double)];
	char d[48], *o;
	uint64_t m, ip, q;
	unsigned __int128 f, mask, half;
	int k, nd, nf, n, i, up, last;
	uint16_t ex;

	if (!(v >= 1 && v < 18446744073709551616.0L)) {
		fs_buf_ld(b, v);
		return;
	}
	memcpy(raw, &v, sizeof(raw));
	memcpy(&m, raw, 8);
	memcpy(&ex, raw + 8, 2);
	k = 63 - ((int)(ex & 0x7fff) - 16383);	/* v = m / 2^k */
	ip = k ? m >> k : m;
	mask = k ? (((unsigned __int128)1 << k) - 1) : 0;
	f = k ? m & (uint64_t)mask : 0;
	/* The integer part, at most 20 digits. */
	o = d + 24;
	nd = 0;
	do {
		*--o = (char)('0' + ip % 10);
		ip /= 10;
		nd++;
	} while (ip);
	memmove(d + 1, o, (size_t)nd);	/* d[0] is room for a carry */
	d[0] = '0';
	o = d + 1 + nd;
	/* 21 - nd fraction digits, eight at a time. */
	for (nf = 21 - nd; nf > 0; nf -= n) {
		n = nf > 8 ? 8 : nf;
		f *= p10[n];
		q = (uint64_t)(f >> k);
		f &= mask;
		for (i = n - 1; i >= 0; i--) {
			o[i] = (char)('0' + q % 10);
			q /= 10;
		}
		o += n;
	}
	/* Round the 21 digits at d[1..21] half to even. */
	half = k ? (unsigned __int128)1 << (k - 1) : 0;
	up = k && (f > half || (f == half && ((o[-1] - '0') & 1)));
	for (i = 21; up && i >= 0; i--) {
		if (d[i] == '9') {
			d[i] = '0';
		} else {
			d[i]++;
			up = 0;
		}
	}
	/* A carry into d[0] made 10^nd: one more integer digit, no fraction
	 * left (all zeros). */
	if (d[0] != '0') {
		fs_buf_add(b, d, (size_t)nd + 1);
		return;
	}
	for (last = 21; last > nd && d[last] == '0'; last--)
		;
	if (last == nd) {
		fs_buf_add(b, d + 1, (size_t)nd);
		return;
	}
	fs_buf_add(b, d + 1, (size_t)nd);
	fs_buf_addch(b, '.');
	fs_buf_add(b, d + 1 + nd, (size_t)(last - nd));
#else
	fs_buf_ld(b, v);
#endif
}

/* ------------------------------------------------------------ sacct text */

/* Associations by (account, user, partition). */
struct amap {
	uint32_t *slot;		/* node index + 1; 0 empty */
	size_t mask;
};

static uint64_t
hash3(const char *a, const char *u, const char *p)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	const char *s[3] = {a, u, p};
	int i;

	for (i = 0; i < 3; i++) {
		const char *c = s[i];

		while (*c)
			h = (h ^ (unsigned char)*c++) * 0x100000001b3ULL;
		h = (h ^ 0xff) * 0x100000001b3ULL;
	}
	return h;
}

static void
amap_build(struct amap *m, const struct fs_tree *tr)
{
	size_t cap = 16, s;
	uint32_t i;

	while (cap < 2 * (size_t)tr->n + 2)
		cap *= 2;
	m->slot = fs_xcalloc(cap, sizeof(*m->slot));
	m->mask = cap - 1;
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		if (!a->is_user)
			continue;
		s = (size_t)hash3(a->acct, a->user, a->part) & m->mask;
		while (m->slot[s])
			s = (s + 1) & m->mask;
		m->slot[s] = i + 1;
	}
}

static uint32_t
amap_find(const struct amap *m, const struct fs_tree *tr, const char *acct,
	  const char *user, const char *part)
{
	size_t s = (size_t)hash3(acct, user, part) & m->mask;
	uint32_t j;

	while ((j = m->slot[s])) {
		const struct fs_node *a = &tr->node[j - 1];

		if (!strcmp(a->acct, acct) && !strcmp(a->user, user) &&
		    !strcmp(a->part, part))
			return j - 1;
		s = (s + 1) & m->mask;
	}
	return FS_NONE;
}

enum { C_ID, C_USER, C_ACCT, C_PART, C_START, C_END, C_TRES, C_CPUS, C_N };
static const char *const colname[C_N] = {
	"JobID", "User", "Account", "Partition", "Start", "End", "AllocTRES",
	"AllocCPUS"};

/* Split a line in place at '|'; returns the number of fields (all of them
 * counted, at most max stored). */
static size_t
split_bar(char *s, char **f, size_t max)
{
	size_t k = 0;
	char *bar;

	for (;;) {
		bar = strchr(s, '|');
		if (k < max)
			f[k] = s;
		k++;
		if (!bar)
			return k;
		*bar = '\0';
		s = bar + 1;
	}
}

static int
is_unknown(const char *s)
{
	return !*s || !strcasecmp(s, "Unknown") || !strcasecmp(s, "None");
}

/* A whole non-negative number, or a plain decimal: 0 or -1. */
static int
parse_count(const char *s, size_t n, double *v)
{
	char buf[64], *end;
	size_t i, dots = 0;

	if (!n || n >= sizeof(buf))
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] == '.')
			dots++;
		else if (s[i] < '0' || s[i] > '9')
			return -1;
	}
	if (dots > 1 || s[0] == '.' || s[n - 1] == '.')
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	*v = strtod(buf, &end);
	return isinf(*v) ? -1 : 0;
}

/* billing=N in an AllocTRES list: 1 found, 0 absent, -1 bad. */
static int
tres_billing(const char *tres, double *v)
{
	const char *p = tres, *end;

	while (*p) {
		end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		if (!strncmp(p, "billing=", 8))
			return parse_count(p + 8, (size_t)(end - p - 8), v) < 0
				       ? -1 : 1;
		p = *end ? end + 1 : end;
	}
	return 0;
}

static int __attribute__((format(printf, 4, 5)))
job_error(struct fs_err *e, unsigned long line, const char *id,
	  const char *fmt, ...)
{
	char msg[sizeof(e->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fs_error(e, line, "job '%s': %s", id, msg);
}

static int
parse_job(struct fs_job *jb, char **f, const int *col,
	  const struct fs_tree *tr, const struct amap *m, unsigned long line,
	  struct fs_err *e)
{
	const char *id = f[col[C_ID]], *part;
	struct fs_err te = {NULL, 0, ""};
	double cpus;
	int r;

	jb->id = id;
	jb->line = line;
	if (!*id)
		return fs_error(e, line, "column 'JobID': empty");
	if (strchr(id, '.'))
		return fs_error(e, line, "job '%s': a job step, not a job: "
				"run sacct with -X (allocations only)", id);
	if (fs_parse_date(f[col[C_START]], &jb->start, &te) < 0)
		return job_error(e, line, id, "column 'Start': %s", te.msg);
	if (is_unknown(f[col[C_END]]))
		jb->end = FS_JOB_RUNNING;
	else if (fs_parse_date(f[col[C_END]], &jb->end, &te) < 0)
		return job_error(e, line, id, "column 'End': %s", te.msg);
	else if (jb->end < jb->start)
		return job_error(e, line, id, "ends (%s) before it starts "
				 "(%s)", f[col[C_END]], f[col[C_START]]);
	/* The billing TRES, else the CPUs. */
	r = col[C_TRES] >= 0 ? tres_billing(f[col[C_TRES]], &jb->billing) : 0;
	if (r < 0)
		return job_error(e, line, id, "column 'AllocTRES': billing is "
				 "not a number in '%s'", f[col[C_TRES]]);
	if (r == 0) {
		const char *c = col[C_CPUS] >= 0 ? f[col[C_CPUS]] : NULL;

		if (!c)
			return job_error(e, line, id, "no billing=N in "
					 "AllocTRES '%s' and no AllocCPUS "
					 "column: add AllocCPUS to sacct -o",
					 col[C_TRES] >= 0 ? f[col[C_TRES]]
							  : "");
		if (parse_count(c, strlen(c), &cpus) < 0)
			return job_error(e, line, id, "no billing=N in "
					 "AllocTRES and AllocCPUS is not a "
					 "number: '%s'", c);
		jb->billing = cpus;
	}
	if (!*f[col[C_USER]])
		return job_error(e, line, id, "column 'User': empty");
	if (!*f[col[C_ACCT]])
		return job_error(e, line, id, "column 'Account': empty");
	part = col[C_PART] >= 0 ? f[col[C_PART]] : "";
	jb->assoc = amap_find(m, tr, f[col[C_ACCT]], f[col[C_USER]], part);
	if (jb->assoc == FS_NONE && *part)
		jb->assoc = amap_find(m, tr, f[col[C_ACCT]], f[col[C_USER]],
				      "");
	if (jb->assoc == FS_NONE) {
		char who[512];

		snprintf(who, sizeof(who), "user '%s' in account '%s'",
			 f[col[C_USER]], f[col[C_ACCT]]);
		if (*part)
			return fs_error(e, line, "job '%s': no association for "
					"%s, partition '%s' or none, in the "
					"tree: take the tree and the jobs from "
					"the same cluster", id, who, part);
		return fs_error(e, line, "job '%s': no association for %s in "
				"the tree: take the tree and the jobs from the "
				"same cluster", id, who);
	}
	return 0;
}

int
fs_jobs_parse(struct fs_jobs *j, char *text, size_t len,
	      const struct fs_tree *tr, struct fs_err *e)
{
	char *s = text, *end = text + len, *nl, **f = NULL;
	int col[C_N], trailing = 0, ret = -1;
	size_t ncols = 0, k, cap = 0, l;
	unsigned long lineno = 0;
	struct amap m = {NULL, 0};
	int c;

	memset(j, 0, sizeof(*j));
	for (c = 0; c < C_N; c++)
		col[c] = -1;
	amap_build(&m, tr);
	while (s < end) {
		lineno++;
		nl = memchr(s, '\n', (size_t)(end - s));
		l = nl ? (size_t)(nl - s) : (size_t)(end - s);
		if (fs_check_line(s, l, lineno, e) < 0)
			goto out;
		s[l] = '\0';
		/* sacct -p ends every line with '|'. */
		if (trailing && l && s[l - 1] == '|')
			s[--l] = '\0';
		if (!ncols) {
			if (l && s[l - 1] == '|') {
				trailing = 1;
				s[--l] = '\0';
			}
			ncols = 1;
			for (k = 0; k < l; k++)
				ncols += s[k] == '|';
			f = fs_xcalloc(ncols, sizeof(*f));
			split_bar(s, f, ncols);
			for (k = 0; k < ncols; k++)
				for (c = 0; c < C_N; c++)
					if (!strcmp(f[k], colname[c]) &&
					    col[c] < 0)
						col[c] = (int)k;
			for (c = 0; c <= C_END; c++)
				if (c != C_PART && col[c] < 0)
					break;
			if (c <= C_END || (col[C_TRES] < 0 && col[C_CPUS] < 0)) {
				fs_error(e, lineno, "not the output of sacct "
					 "-P: the header must name JobID, "
					 "User, Account, Start, End and "
					 "AllocTRES or AllocCPUS (run 'sacct "
					 "-a -X -P -o JobID,User,Account,"
					 "Partition,Start,End,AllocTRES')");
				goto out;
			}
		} else if (l == 0) {
			/* sacct ends with a newline; allow blank lines. */
		} else {
			if ((k = split_bar(s, f, ncols)) != ncols) {
				fs_error(e, lineno, "expected %zu fields "
					 "separated by '|', found %zu", ncols,
					 k);
				goto out;
			}
			if (is_unknown(f[col[C_START]])) {
				j->never_started++;
			} else {
				if (j->n == cap) {
					cap = cap ? 2 * cap : 64;
					j->job = fs_xreallocarray(
						j->job, cap, sizeof(*j->job));
				}
				if (parse_job(&j->job[j->n], f, col, tr, &m,
					      lineno, e) < 0)
					goto out;
				j->n++;
			}
		}
		s = nl ? nl + 1 : end;
	}
	if (!ncols) {
		fs_error(e, 1, "empty jobs file: expected the output of "
			 "'sacct -a -X -P'");
		goto out;
	}
	ret = 0;
out:
	free(f);
	free(m.slot);
	if (ret < 0)
		fs_jobs_release(j);
	return ret;
}

void
fs_jobs_release(struct fs_jobs *j)
{
	free(j->job);
	memset(j, 0, sizeof(*j));
}

/* ----------------------------------------------------------------- replay */

/* Sort keys: a time, ties broken by input order. */
struct key {
	long long t;
	size_t j;
};

static int
by_key(const void *a, const void *b)
{
	const struct key *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->j < y->j ? -1 : x->j > y->j;
}

static void
sort_keys(struct key *k, size_t n)
{
	qsort(k, n, sizeof(*k), by_key);
}

/* Charge job j for [s, e] to its association and every ancestor. */
static void
charge(struct fs_tree *tr, const struct fs_job *jb, long long s, long long e,
       const struct fs_decay *law, unsigned char *charged, size_t j,
       size_t *ncharged)
{
	long double add;
	uint32_t a;

	if (e <= s)
		return;
	add = (long double)fs_decay_charge(law, e - s, jb->billing);
	for (a = jb->assoc; a != FS_NONE; a = tr->node[a].parent)
		tr->node[a].usage_raw += add;
	if (!charged[j]) {
		charged[j] = 1;
		(*ncharged)++;
	}
}

void
fs_replay_run(struct fs_tree *tr, const struct fs_jobs *jl,
	      struct fs_replay *r)
{
	size_t n = jl->n, next = 0, nact = 0, nend, i, k;
	struct key *ord, *act, *ending;
	unsigned char *charged = fs_xcalloc(n ? n : 1, 1);
	long long a = r->from, b;
	const struct fs_job *jb;
	double f;
	int added;

	r->charged = 0;
	r->cycles = 0;
	r->factor = 1;
	ord = fs_xcalloc(n ? n : 1, sizeof(*ord));
	act = fs_xcalloc(n ? n : 1, sizeof(*act));
	ending = fs_xcalloc(n ? n : 1, sizeof(*ending));
	for (i = 0; i < n; i++) {
		ord[i].t = jl->job[i].start;
		ord[i].j = i;
	}
	sort_keys(ord, n);
	while (a < r->to) {
		b = r->period > 0 && r->period < r->to - a ? a + r->period
							    : r->to;
		/* Jobs that start before b and have not ended by a; the
		 * running ones stay in input order (key = index). */
		added = 0;
		for (; next < n && ord[next].t < b; next++) {
			jb = &jl->job[ord[next].j];
			if (jb->end > a && jb->end > jb->start) {
				act[nact].t = (long long)ord[next].j;
				act[nact++].j = ord[next].j;
				added = 1;
			}
		}
		if (added)
			sort_keys(act, nact);
		/* Jobs ending in (a, b], charged as they end. */
		for (i = k = nend = 0; i < nact; i++) {
			jb = &jl->job[act[i].j];
			if (jb->end <= b) {
				ending[nend].t = jb->end;
				ending[nend++].j = act[i].j;
			} else {
				act[k++] = act[i];
			}
		}
		nact = k;
		sort_keys(ending, nend);
		for (i = 0; i < nend; i++) {
			jb = &jl->job[ending[i].j];
			charge(tr, jb, jb->start > a ? jb->start : a, jb->end,
			       &r->law, charged, ending[i].j, &r->charged);
		}
		/* The decay run at b. */
		f = fs_decay_factor(&r->law, b - a);
		fs_decay_tree(tr, f);
		r->factor *= f;
		/* Jobs still running at b, in the job list's order. */
		for (i = 0; i < nact; i++) {
			jb = &jl->job[act[i].j];
			charge(tr, jb, jb->start > a ? jb->start : a, b,
			       &r->law, charged, act[i].j, &r->charged);
		}
		r->cycles++;
		a = b;
	}
	free(ord);
	free(act);
	free(ending);
	free(charged);
}
