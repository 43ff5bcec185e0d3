/*
 * err.c: errors and messages: where a problem was found, what it is, and the
 * program that says so; its standard output, whose end is its last message.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>

#include "core/core.h"

#ifndef FS_VERSION
#error "FS_VERSION is the release in the file VERSION: build with make"
#endif

const char *fs_progname = "fs";

void
fs_set_progname(const char *argv0)
{
	const char *s = strrchr(argv0, '/');

	fs_progname = s ? s + 1 : argv0;
}

void
fs_print_version(void)
{
	printf("%s (fairshare toolkit) %s\n", fs_progname, FS_VERSION);
}

int
fs_opt_other(int c, const char *synopsis, void (*usage)(FILE *))
{
	if (c == 'V') {
		fs_print_version();
		return fs_stdout_close();
	}
	if (c == 'h') {
		usage(stdout);
		return fs_stdout_close();
	}
	return fs_usage_error(synopsis);
}

int
fs_usage_error(const char *synopsis)
{
	fputs(synopsis, stderr);
	fprintf(stderr, "Try '%s --help' for more information.\n",
		fs_progname);
	return FS_EXIT_USAGE;
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

/*
 * Every message is one line, whatever names it repeats (a file called
 * "a<newline>b.tsv", a user name with a tab): each control character is
 * written as an escape, \n, \t, \r or \xHH, where it is printed (the
 * file's name in fs_err_print, every fs_warn and fs_die) and where an
 * error's text is made (fs_error), which other messages quote. A
 * backslash stays as it is, so escaping twice changes nothing; bytes from
 * 0x80 (UTF-8) stay too.
 */

/* The escape of control character c into out (at most 5 bytes with the
 * NUL); its length. */
static size_t
escape(unsigned char c, char *out)
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '\\';
	out[1] = c == '\n' ? 'n' : c == '\t' ? 't' : c == '\r' ? 'r' : 'x';
	if (out[1] != 'x') {
		out[2] = '\0';
		return 2;
	}
	out[2] = hex[c >> 4];
	out[3] = hex[c & 15];
	out[4] = '\0';
	return 4;
}

static int
is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/* s to f, its control characters escaped. */
static void
put_escaped(FILE *f, const char *s)
{
	char esc[5];

	for (; *s; s++) {
		if (is_control((unsigned char)*s)) {
			escape((unsigned char)*s, esc);
			fputs(esc, f);
		} else
			putc(*s, f);
	}
}

/* "prog: " and the message of fmt, escaped, as one line on stderr. Made in
 * a buffer on the stack (or from malloc when longer), never through
 * fs_buf: fs_die("out of memory") comes from there. */
static void
put_message(const char *fmt, va_list ap)
{
	char small[1024], *s = small;
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(small, sizeof(small), fmt, cp);
	va_end(cp);
	if (n >= (int)sizeof(small) && (s = malloc((size_t)n + 1)))
		vsnprintf(s, (size_t)n + 1, fmt, ap);
	else if (!s)
		s = small;	/* cut short rather than not said */
	fprintf(stderr, "%s: ", fs_progname);
	put_escaped(stderr, n < 0 ? fmt : s);
	fputc('\n', stderr);
	if (s != small)
		free(s);
}

int
fs_error(struct fs_err *e, unsigned long line, const char *fmt, ...)
{
	char raw[sizeof(e->msg)], esc[5];
	size_t at = 0, k;
	const char *p;
	va_list ap;

	e->line = line;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	/* Escaped into msg, cut before an escape that does not fit. */
	for (p = raw; *p; p++) {
		if (is_control((unsigned char)*p))
			k = escape((unsigned char)*p, esc);
		else {
			esc[0] = *p;
			k = 1;
		}
		if (at + k >= sizeof(e->msg))
			break;
		memcpy(e->msg + at, esc, k);
		at += k;
	}
	e->msg[at] = '\0';
	return -1;
}

int
fs_err_take(struct fs_err *e, const struct fs_err *from, unsigned long offset)
{
	memcpy(e->msg, from->msg, sizeof(e->msg));
	e->line = from->line + offset;
	return -1;
}

void
fs_err_print(const struct fs_err *e)
{
	fprintf(stderr, "%s: ", fs_progname);
	if (e->file) {
		put_escaped(stderr, e->file);
		if (e->line)
			fprintf(stderr, ":%lu", e->line);
		fputs(": ", stderr);
	}
	/* Escaped by fs_error; not when written into msg by hand. */
	put_escaped(stderr, e->msg);
	fputc('\n', stderr);
}

char *
fs_quote(char *out, size_t size, const char *s, size_t len)
{
	size_t o = 0, i;

	out[o++] = '"';
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		char esc[8];
		size_t n;

		if (c == '\n' || c == '\t' || c == '\r' || c == '"' ||
		    c == '\\') {
			esc[0] = '\\';
			esc[1] = c == '\n' ? 'n' : c == '\t' ? 't' : c == '\r' ? 'r'
								 : (char)c;
			n = 2;
		} else if (c < 0x20 || c == 0x7f)
			n = (size_t)snprintf(esc, sizeof(esc), "\\x%02x", c);
		else {
			esc[0] = (char)c;
			n = 1;
		}
		/* Room for this, the closing quote and the NUL; else "...". */
		if (o + n + 2 > size || (i + 1 < len && o + n + 5 > size)) {
			if (o + 5 > size)
				o = size - 5;
			memcpy(out + o, "...", 3);
			o += 3;
			break;
		}
		memcpy(out + o, esc, n);
		o += n;
	}
	out[o++] = '"';
	out[o] = '\0';
	return out;
}

void
fs_die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	put_message(fmt, ap);
	va_end(ap);
	exit(FS_EXIT_DATA);
}

void
fs_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	put_message(fmt, ap);
	va_end(ap);
}

void
fs_warn_lines(const char *text)
{
	const char *l, *nl;

	for (l = text; l && *l; l = nl ? nl + 1 : "") {
		nl = strchr(l, '\n');
		fs_warn("%.*s", (int)(nl ? nl - l : (long)strlen(l)), l);
	}
}
