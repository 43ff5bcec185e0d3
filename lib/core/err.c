/*
 * err.c: errors and messages: where a problem was found, what it is, and the
 * program that says so.
 */
#include <stdlib.h>

#include "core/core.h"

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

int
fs_error(struct fs_err *e, unsigned long line, const char *fmt, ...)
{
	va_list ap;

	char *p;

	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	/* One line on a terminal, whatever names the message repeats. */
	for (p = e->msg; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
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
	if (e->file && e->line)
		fprintf(stderr, "%s: %s:%lu: %s\n", fs_progname, e->file,
			e->line, e->msg);
	else if (e->file)
		fprintf(stderr, "%s: %s: %s\n", fs_progname, e->file, e->msg);
	else
		fprintf(stderr, "%s: %s\n", fs_progname, e->msg);
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
