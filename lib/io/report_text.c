/*
 * report_text.c: fs-report(1) as plain text (tables in columns, notes
 * wrapped) and as Markdown.
 */
#include <stdlib.h>
#include <string.h>

#include "io/report.h"

static void
add_plain(struct fs_buf *b, const char *s)
{
	for (; *s; s++)
		fs_buf_addch(b, (unsigned char)*s < 0x20 || *s == 0x7f ? '?'
								       : *s);
}

/* Columns a string takes: UTF-8 characters, counted by their first bytes. */
static size_t
text_width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static void
pad(struct fs_buf *b, size_t n)
{
	while (n--)
		fs_buf_addch(b, ' ');
}

/* ---------------------------------------------------- text and markdown */

/* A sentence filled to width columns for mail. */
static void
wrap(struct fs_buf *b, const char *s, size_t width)
{
	size_t col = 0, n;
	const char *sp;

	while (*s) {
		sp = strchr(s, ' ');
		n = sp ? (size_t)(sp - s) : strlen(s);
		if (col && col + 1 + n > width) {
			fs_buf_addch(b, '\n');
			col = 0;
		} else if (col) {
			fs_buf_addch(b, ' ');
			col++;
		}
		fs_buf_add(b, s, n);
		col += n;
		s += n;
		while (*s == ' ')
			s++;
	}
	fs_buf_addch(b, '\n');
}

static void
text_table(struct fs_buf *b, const struct fs_rtable *t)
{
	size_t *w = fs_xcalloc(t->ncols, sizeof(*w)), r, c, n;

	add_plain(b, t->title);
	fs_buf_addch(b, '\n');
	for (n = text_width(t->title); n--;)
		fs_buf_addch(b, '-');
	fs_buf_addch(b, '\n');
	if (t->note)
		wrap(b, t->note, 72);
	if (!t->nrows) {
		fs_buf_addstr(b, t->empty);
		fs_buf_addstr(b, "\n\n");
		free(w);
		return;
	}
	fs_buf_addch(b, '\n');
	for (c = 0; c < t->ncols; c++)
		w[c] = text_width(t->head[c]);
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++) {
			n = text_width(t->cell[r * t->ncols + c]);
			if (n > w[c])
				w[c] = n;
		}
	for (r = 0; r <= t->nrows; r++) {
		size_t start = b->len;

		for (c = 0; c < t->ncols; c++) {
			const char *s = r ? t->cell[(r - 1) * t->ncols + c]
					  : t->head[c];

			n = text_width(s);
			if (c)
				fs_buf_addstr(b, "  ");
			if (t->align[c] == 'r')
				pad(b, w[c] - n);
			add_plain(b, s);
			if (t->align[c] == 'l')
				pad(b, w[c] - n);
		}
		while (b->len > start && b->data[b->len - 1] == ' ')
			b->data[--b->len] = '\0';
		fs_buf_addch(b, '\n');
	}
	if (t->more)
		fs_buf_printf(b, "... and %zu more\n", t->more);
	fs_buf_addch(b, '\n');
	free(w);
}

void
fs_report_text_write(struct fs_buf *b, const struct fs_report *r)
{
	size_t k, w = 0;

	fs_buf_addstr(b, r->kind ? r->kind : "Fairshare report");
	fs_buf_addstr(b, " for cluster ");
	add_plain(b, r->title);
	fs_buf_addstr(b, "\n\n");
	for (k = 0; k < r->nsummary; k++)
		if (text_width(r->summary[2 * k]) > w)
			w = text_width(r->summary[2 * k]);
	for (k = 0; k < r->nsummary; k++) {
		fs_buf_addstr(b, r->summary[2 * k]);
		fs_buf_addch(b, ':');
		pad(b, w - text_width(r->summary[2 * k]) + 2);
		add_plain(b, r->summary[2 * k + 1]);
		fs_buf_addch(b, '\n');
	}
	fs_buf_addch(b, '\n');
	for (k = 0; k < r->ntab; k++)
		text_table(b, &r->tab[k]);
	/* No blank line at the very end. */
	if (b->len && b->data[b->len - 1] == '\n' && b->len > 1 &&
	    b->data[b->len - 2] == '\n')
		b->data[--b->len] = '\0';
}

void
fs_report_markdown_write(struct fs_buf *b, const struct fs_report *r)
{
	size_t k, c, row;

	fs_buf_printf(b, "# %s for cluster ",
		      r->kind ? r->kind : "Fairshare report");
	fs_buf_markdown(b, r->title);
	fs_buf_addstr(b, "\n\n");
	for (k = 0; k < r->nsummary; k++) {
		fs_buf_printf(b, "- **%s:** ", r->summary[2 * k]);
		fs_buf_markdown(b, r->summary[2 * k + 1]);
		fs_buf_addch(b, '\n');
	}
	for (k = 0; k < r->ntab; k++) {
		const struct fs_rtable *t = &r->tab[k];

		fs_buf_addstr(b, "\n## ");
		fs_buf_markdown(b, t->title);
		fs_buf_addstr(b, "\n\n");
		if (t->note) {
			fs_buf_markdown(b, t->note);
			fs_buf_addstr(b, "\n\n");
		}
		if (!t->nrows) {
			fs_buf_markdown(b, t->empty);
			fs_buf_addch(b, '\n');
			continue;
		}
		for (row = 0; row <= t->nrows + 1; row++) {
			fs_buf_addch(b, '|');
			for (c = 0; c < t->ncols; c++) {
				fs_buf_addch(b, ' ');
				if (row == 1)
					fs_buf_addstr(b, t->align[c] == 'r'
							      ? "--:"
							      : "---");
				else
					fs_buf_markdown(
						b, row ? t->cell[(row - 2) *
								 t->ncols + c]
						       : t->head[c]);
				fs_buf_addstr(b, " |");
			}
			fs_buf_addch(b, '\n');
		}
		if (t->more)
			fs_buf_printf(b, "\n*and %zu more*\n", t->more);
	}
}
