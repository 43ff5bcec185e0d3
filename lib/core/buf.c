/*
 * buf.c: buffers, and the files they are read from and written to.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/core.h"

FILE *
fs_open_input(const char *arg, const char **name)
{
	FILE *f;

	if (!arg || !strcmp(arg, "-")) {
		*name = "<stdin>";
		/* Typed alone, a filter looks hung: say what it waits for. */
		if (isatty(0))
			fs_warn("reading from the terminal: type or paste the "
				"input and end it with Ctrl-D (--help for "
				"usage)");
		return stdin;
	}
	*name = arg;
	if (!(f = fopen(arg, "r")))
		fs_warn("%s: %s", arg, strerror(errno));
	return f;
}

FILE *
fs_open_regular(const char *path, const char *why)
{
	struct stat st;
	FILE *f;
	int fd;

	/* Checked before it is opened (opening a device can do things of
	 * its own, a FIFO waits for a writer), and again on what was
	 * opened, without waiting, should it have been replaced since. */
	if (stat(path, &st) < 0) {
		fs_warn("%s: %s", path, strerror(errno));
		return NULL;
	}
	if (S_ISREG(st.st_mode)) {
		fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd < 0) {
			fs_warn("%s: %s", path, strerror(errno));
			return NULL;
		}
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
		    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0) {
			if ((f = fdopen(fd, "r")))
				return f;
			fs_warn("%s: %s", path, strerror(errno));
			close(fd);
			return NULL;
		}
		close(fd);
	}
	fs_warn("%s: not a regular file: %s", path, why);
	return NULL;
}

int
fs_is_dir(const char *name)
{
	struct stat st;

	return stat(name, &st) == 0 && S_ISDIR(st.st_mode);
}

void
fs_close_input(FILE *f)
{
	if (f && f != stdin)
		fclose(f);
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
	b->huge = 0;
}

void
fs_buf_release(struct fs_buf *b)
{
	if (b->huge)
		fs_free_huge(b->data, b->cap, 1);
	else
		free(b->data);
	fs_buf_init(b);
}

void
fs_buf_grow(struct fs_buf *b, size_t extra)
{
	size_t need, old;

	if (extra > SIZE_MAX - b->len - 1)
		fs_die("out of memory");
	need = b->len + extra + 1;
	if (need <= b->cap)
		return;
	if (b->cap < 64)
		b->cap = 64;
	old = b->cap;
	while (b->cap < need)
		b->cap = b->cap > SIZE_MAX / 2 ? need : b->cap * 2;
	if (b->huge) {
		char *p = fs_xmalloc(b->cap);

		memcpy(p, b->data, b->len);
		fs_free_huge(b->data, old, 1);
		b->data = p;
		b->huge = 0;
	} else
		b->data = fs_xrealloc(b->data, b->cap);
}

void
fs_buf_vprintf(struct fs_buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	fs_buf_grow(b, 64);
	n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		fs_die("formatting error");
	if ((size_t)n >= b->cap - b->len) {
		fs_buf_grow(b, (size_t)n);
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
