/*
 * slurmconf.c: the text of slurm.conf as Slurm reads it, its Include lines
 * replaced by the files they name, and where each line came from, so that
 * the parser (fs_prio_conf_parse) reads one text and its messages name the
 * file and line of the problem.
 *
 * "Include PATH" (any case, at the start of a line) reads PATH in place: a
 * relative PATH is in the directory of the top slurm.conf, "%c" is the
 * ClusterName set above it, as slurm.conf(5) says.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/io.h"

/* Includes within includes, as deep as this. */
#define INCLUDE_DEPTH 16

void
fs_conf_init(struct fs_conf *c)
{
	memset(c, 0, sizeof(*c));
	fs_buf_init(&c->text);
}

void
fs_conf_release(struct fs_conf *c)
{
	size_t i;

	for (i = 0; i < c->nfiles; i++)
		free(c->files[i]);
	free(c->files);
	free(c->src);
	free(c->dir);
	free(c->cluster);
	fs_buf_release(&c->text);
	memset(c, 0, sizeof(*c));
}

void
fs_conf_locate(const struct fs_conf *c, struct fs_err *e)
{
	if (e->line >= 1 && e->line <= c->nlines) {
		e->file = c->files[c->src[e->line - 1].file];
		e->line = c->src[e->line - 1].line;
	}
}

/* The word after "key" and blanks at the start of line (of len bytes),
 * or NULL; *wlen its length. For "Include x" (sep ' ') and
 * "ClusterName=x" (sep '='). */
static const char *
word_after(const char *line, size_t len, const char *key, char sep,
	   size_t *wlen)
{
	const char *p = line, *end = line + len, *w;
	size_t k = strlen(key);

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if ((size_t)(end - p) <= k || strncasecmp(p, key, k))
		return NULL;
	p += k;
	if (sep == ' ' && *p != ' ' && *p != '\t')
		return NULL;
	while (p < end && (*p == ' ' || *p == '\t' || *p == sep))
		p++;
	for (w = p; p < end && !isspace((unsigned char)*p) && *p != '#'; p++)
		;
	*wlen = (size_t)(p - w);
	return *wlen ? w : NULL;
}

static int add_file(struct fs_conf *c, const char *path, int depth,
		    struct fs_err *e);

static int
has_cluster_mark(const char *w, size_t wlen)
{
	size_t i;

	for (i = 0; i + 1 < wlen; i++)
		if (w[i] == '%' && w[i + 1] == 'c')
			return 1;
	return 0;
}

/* The path an Include names: %c replaced, relative to the top dir. */
static char *
include_path(const struct fs_conf *c, const char *w, size_t wlen)
{
	struct fs_buf p;
	size_t i;

	fs_buf_init(&p);
	if (*w != '/' && c->dir) {
		fs_buf_addstr(&p, c->dir);
		fs_buf_addch(&p, '/');
	}
	for (i = 0; i < wlen; i++) {
		if (w[i] == '%' && i + 1 < wlen && w[i + 1] == 'c') {
			fs_buf_addstr(&p, c->cluster ? c->cluster : "");
			i++;
		} else
			fs_buf_addch(&p, w[i]);
	}
	return p.data;
}

int
fs_conf_add(struct fs_conf *c, const char *name, const char *text,
	    size_t len, int depth, struct fs_err *e)
{
	const char *p = text, *end = text + len;
	unsigned long line = 0;
	uint32_t file = (uint32_t)c->nfiles;

	FS_GROW(c->files, c->nfiles, c->files_cap);
	c->files[c->nfiles++] = fs_xstrdup(name);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *w;
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p), wl;

		line++;
		if ((w = word_after(p, l, "Include", ' ', &wl)) != NULL) {
			char *path;
			int r;

			if (c->cluster == NULL && has_cluster_mark(w, wl)) {
				e->file = c->files[file];
				return fs_error(e, line, "Include '%.*s': %%c "
						"before any ClusterName",
						(int)wl, w);
			}
			path = include_path(c, w, wl);
			if (depth >= INCLUDE_DEPTH) {
				e->file = c->files[file];
				r = fs_error(e, line, "Include '%s': more than "
					     "%d files deep", path,
					     INCLUDE_DEPTH);
			} else if ((r = add_file(c, path, depth + 1, e)) == -2) {
				e->file = c->files[file];
				r = fs_error(e, line, "Include '%s': %s", path,
					     strerror(errno));
			}
			free(path);
			if (r < 0)
				return -1;
		} else {
			if ((w = word_after(p, l, "ClusterName", '=', &wl))) {
				free(c->cluster);
				c->cluster = fs_xmalloc(wl + 1);
				memcpy(c->cluster, w, wl);
				c->cluster[wl] = '\0';
			}
			fs_buf_add(&c->text, p, l);
			fs_buf_addch(&c->text, '\n');
			FS_GROW(c->src, c->nlines, c->src_cap);
			c->src[c->nlines].file = file;
			c->src[c->nlines].line = line;
			c->nlines++;
		}
		p = nl ? nl + 1 : end;
	}
	return 0;
}

/* A file's text into c: 0, -1 with e set, or -2 when it cannot be opened
 * (errno says why; the caller says who named it). */
static int
add_file(struct fs_conf *c, const char *path, int depth, struct fs_err *e)
{
	struct fs_buf text;
	FILE *f;
	int r;

	if (!(f = fopen(path, "r")))
		return -2;
	fs_buf_init(&text);
	e->file = path;
	r = fs_slurp(f, &text, e);
	fclose(f);
	if (r == 0 && memchr(text.data, '\0', text.len))
		r = fs_error(e, 0, "NUL byte: not a slurm.conf");
	if (r == 0)
		r = fs_conf_add(c, path, text.data, text.len, depth, e);
	fs_buf_release(&text);
	return r;
}

int
fs_conf_read(struct fs_conf *c, const char *path, struct fs_err *e)
{
	const char *slash = strrchr(path, '/');
	int r;

	free(c->dir);
	c->dir = fs_xstrdup(slash ? path : ".");
	if (slash)
		c->dir[slash == path ? 1 : slash - path] = '\0';
	if ((r = add_file(c, path, 0, e)) == -2) {
		e->file = path;
		return fs_error(e, 0, "%s", strerror(errno));
	}
	return r;
}
