/*
 * slurp.c: a whole input read into a buffer, a big regular file on every
 * core (par.c's fs_par_for) into huge pages.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/core.h"

/* A big regular file is read on every core, a piece of SLURP_PIECE bytes
 * (two huge pages of the buffer) by each pread: the kernel's copy and
 * the clearing of the buffer's fresh pages are then shared out. */
#define SLURP_PIECE ((size_t)4 << 20)

struct slurp {
	int fd;
	char *p;
	off_t at;
	size_t n;
	size_t *got;	/* of each piece */
	int *err;	/* errno of each piece, or 0 */
};

static void
slurp_piece(void *arg, size_t i)
{
	struct slurp *s = arg;
	size_t off = i * SLURP_PIECE, want = s->n - off, got = 0;
	ssize_t r;

	if (want > SLURP_PIECE)
		want = SLURP_PIECE;
	while (got < want) {
		r = pread(s->fd, s->p + off + got, want - got,
			  s->at + (off_t)(off + got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			s->err[i] = errno;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	s->got[i] = got;
}

/* The n bytes at the file offset of in (a regular file) into b's room, on
 * every core; in then stands after what was read. Returns the bytes read
 * (fewer than n where the file was shorter), or -1 with errno. */
static ssize_t
slurp_par(FILE *in, struct fs_buf *b, size_t n)
{
	struct slurp s;
	size_t np = (n + SLURP_PIECE - 1) / SLURP_PIECE, i, len = 0;
	int err = 0;

	s.fd = fileno(in);
	s.p = b->data + b->len;
	s.n = n;
	if ((s.at = ftello(in)) < 0)
		return -1;
	s.got = fs_xcalloc(np, sizeof(*s.got));
	s.err = fs_xcalloc(np, sizeof(*s.err));
	fs_par_for(np, slurp_piece, &s);
	/* In order, to the first piece that came short (the bytes after
	 * it are not the file's). */
	for (i = 0; i < np; i++) {
		len += s.got[i];
		if ((err = s.err[i]) || s.got[i] < SLURP_PIECE)
			break;
	}
	free(s.got);
	free(s.err);
	if (err) {
		errno = err;
		return -1;
	}
	if (fseeko(in, s.at + (off_t)len, SEEK_SET) < 0)
		return -1;
	return (ssize_t)len;
}

int
fs_slurp(FILE *in, struct fs_buf *b, struct fs_err *e)
{
	struct stat st;
	size_t n;
	ssize_t got;
	char *nul;

	/* A regular file: one allocation of its size (and the room each
	 * read below asks for), no copies. Into an empty b, in huge pages
	 * when big: a 35 MB tree then reads in 4 ms instead of 17, most of
	 * which went to faults on fresh 4 KB pages. */
	if (fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (uint64_t)st.st_size < SIZE_MAX / 2) {
		if (!b->data) {
			b->cap = (size_t)st.st_size + (1 << 16) + 2;
			b->data = fs_xcalloc_huge(b->cap, 1);
			b->huge = 1;
			/* The bytes before the first NUL are the input (as
			 * below), and the rest is read as below: what the
			 * file grew by, or its end. */
			if ((size_t)st.st_size >= 2 * SLURP_PIECE) {
				got = slurp_par(in, b, (size_t)st.st_size);
				if (got < 0)
					return fs_error(e, 0, "read error: %s",
							strerror(errno));
				nul = memchr(b->data, '\0', (size_t)got);
				b->len = nul ? (size_t)(nul - b->data) + 1
					     : (size_t)got;
				if (nul)
					goto done;
			}
		} else
			fs_buf_grow(b, (size_t)st.st_size + 1);
	}
	/* Text has no NUL: the first one ends the reading (kept, for the
	 * reader to report at its line), so that /dev/zero is not read
	 * forever. */
	for (;;) {
		fs_buf_grow(b, 1 << 16);
		n = fread(b->data + b->len, 1, b->cap - b->len - 1, in);
		nul = memchr(b->data + b->len, '\0', n);
		if (nul) {
			b->len = (size_t)(nul - b->data) + 1;
			break;
		}
		b->len += n;
		/* feof too: at a terminal, one Ctrl-D ends the input. */
		if (n == 0 || feof(in))
			break;
	}
done:
	fs_buf_grow(b, 0);
	b->data[b->len] = '\0';
	if (ferror(in))
		return fs_error(e, 0, "read error: %s", strerror(errno));
	return 0;
}
