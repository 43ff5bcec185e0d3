/*
 * util.c: errors, memory, buffers, stdout handling and number formatting
 * shared by every program.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "fs.h"

const char *fs_progname = "fs";

void
fs_set_progname(const char *argv0)
{
	const char *s = strrchr(argv0, '/');

	fs_progname = s ? s + 1 : argv0;
}

int
fs_error(struct fs_err *e, unsigned long line, const char *fmt, ...)
{
	va_list ap;

	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return -1;
}

void
fs_err_print(const struct fs_err *e)
{
	if (e->file && e->line)
		fprintf(stderr, "%s: %s:%lu: %s\n", fs_progname, e->file,
			e->line, e->msg);
	else if (e->file)
		fprintf(stderr, "%s: %s: %s\n", fs_progname, e->file, e->msg);
	else
		fprintf(stderr, "%s: %s\n", fs_progname, e->msg);
}

void
fs_die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", fs_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(FS_EXIT_DATA);
}

void
fs_warn(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", fs_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void *
fs_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		fs_die("out of memory (%zu bytes)", n);
	return p;
}

void *
fs_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		fs_die("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *
fs_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		fs_die("out of memory (%zu bytes)", n);
	return p;
}

void *
fs_xreallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		fs_die("out of memory (%zu x %zu bytes)", n, size);
	return fs_xrealloc(p, n * size);
}

char *
fs_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(fs_xmalloc(n), s, n);
}

/*
 * A reader that goes away (`| head`) must end the program quietly: SIGPIPE
 * keeps its default action, which is what every Unix filter does. Only when
 * SIGPIPE is ignored by our parent do writes fail with EPIPE; the write paths
 * then end quietly too (fs_stdout_close).
 */
void
fs_stdout_init(void)
{
	signal(SIGPIPE, SIG_DFL);
}

int
fs_stdout_close(void)
{
	int bad = ferror(stdout);

	if (fflush(stdout) != 0)
		bad = 1;
	if (fclose(stdout) != 0)
		bad = 1;
	if (bad) {
		if (errno == EPIPE)
			return FS_EXIT_DATA;
		fs_warn("error writing standard output: %s",
			errno ? strerror(errno) : "write error");
		return FS_EXIT_DATA;
	}
	return FS_EXIT_OK;
}

int
fs_write_all(FILE *out, const void *buf, size_t len)
{
	if (len && fwrite(buf, 1, len, out) != len)
		return -1;
	return 0;
}

void
fs_buf_init(struct fs_buf *b)
{
	b->data = NULL;
	b->len = b->cap = 0;
}

void
fs_buf_release(struct fs_buf *b)
{
	free(b->data);
	fs_buf_init(b);
}

static void
buf_grow(struct fs_buf *b, size_t extra)
{
	size_t need;

	if (extra > SIZE_MAX - b->len - 1)
		fs_die("out of memory");
	need = b->len + extra + 1;
	if (need <= b->cap)
		return;
	if (b->cap < 64)
		b->cap = 64;
	while (b->cap < need)
		b->cap = b->cap > SIZE_MAX / 2 ? need : b->cap * 2;
	b->data = fs_xrealloc(b->data, b->cap);
}

void
fs_buf_add(struct fs_buf *b, const void *p, size_t n)
{
	buf_grow(b, n);
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
fs_buf_addstr(struct fs_buf *b, const char *s)
{
	fs_buf_add(b, s, strlen(s));
}

void
fs_buf_addch(struct fs_buf *b, char c)
{
	buf_grow(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

void
fs_buf_vprintf(struct fs_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	buf_grow(b, 64);
	n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		fs_die("formatting error");
	if ((size_t)n >= b->cap - b->len) {
		buf_grow(b, (size_t)n);
		vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	}
	b->len += (size_t)n;
}

void
fs_buf_printf(struct fs_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fs_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

int
fs_slurp(FILE *in, struct fs_buf *b, struct fs_err *e)
{
	size_t n;

	for (;;) {
		buf_grow(b, 1 << 16);
		n = fread(b->data + b->len, 1, b->cap - b->len - 1, in);
		b->len += n;
		if (n == 0)
			break;
	}
	buf_grow(b, 0);
	b->data[b->len] = '\0';
	if (ferror(in))
		return fs_error(e, 0, "read error: %s", strerror(errno));
	return 0;
}

/*
 * 21 significant digits identify every x87 80-bit long double, 17 every
 * double: what we write reads back bit for bit with strtold/strtod.
 */
void
fs_buf_ld(struct fs_buf *b, long double v)
{
	if (isinf(v))
		fs_buf_addstr(b, v > 0 ? "inf" : "-inf");
	else if (v == 0)
		fs_buf_addch(b, '0');
	else
		fs_buf_printf(b, "%.21Lg", v);
}

void
fs_buf_double(struct fs_buf *b, double v)
{
	if (isinf(v))
		fs_buf_addstr(b, v > 0 ? "inf" : "-inf");
	else if (v == 0)
		fs_buf_addch(b, '0');
	else
		fs_buf_printf(b, "%.17g", v);
}

int
fs_parse_usage(const char *s, const char *col, long double *v,
	       struct fs_err *e, unsigned long line)
{
	const char *p;
	char *end;
	int digits = 0;

	if (*s == '-')
		return fs_error(e, line, "column '%s': negative: '%s'", col, s);
	/* A plain decimal: digits, one optional point, optional exponent. */
	for (p = s; *p >= '0' && *p <= '9'; p++)
		digits++;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits++;
	if (digits && (*p == 'e' || *p == 'E')) {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			digits = 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (!digits || *p) {
		if (!strcasecmp(s, "inf") || !strcasecmp(s, "infinity"))
			return fs_error(e, line, "column '%s': infinite: '%s'",
					col, s);
		return fs_error(e, line, "column '%s': not a number: '%s'",
				col, s);
	}
	errno = 0;
	*v = strtold(s, &end);
	if (isinf(*v))
		return fs_error(e, line, "column '%s': too large: '%s'", col,
				s);
	return 0;
}

int
fs_parse_ld(const char *s, long double *v)
{
	char *end;

	if (!*s)
		return -1;
	*v = strtold(s, &end);
	return *end || isnan(*v) ? -1 : 0;
}

void
fs_iso_time(long long t, char out[32])
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
