/*
 * explain_words.c: the words of fs-explain's prose (explain_words.h):
 * names, numbers, ordinals, spans and wrapped paragraphs, each handed out
 * from the caller's struct fs_words.
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "io/explain_words.h"

#define COLUMNS 78

void
fs_words_init(struct fs_words *w, const struct fs_tree *tr)
{
	int k;

	memset(w, 0, sizeof(*w));
	w->tr = tr;
	for (k = 0; k < FS_WORDS_RING; k++)
		fs_buf_init(&w->name[k]);
	fs_buf_init(&w->para);
	fs_buf_init(&w->line);
}

void
fs_words_release(struct fs_words *w)
{
	int k;

	for (k = 0; k < FS_WORDS_RING; k++)
		fs_buf_release(&w->name[k]);
	fs_buf_release(&w->para);
	fs_buf_release(&w->line);
}

static struct fs_buf *
name_slot(struct fs_words *w)
{
	struct fs_buf *p = &w->name[w->nname++ % FS_WORDS_RING];

	p->len = 0;
	fs_buf_addstr(p, "");
	return p;
}

static char *
num_slot(struct fs_words *w)
{
	return w->num[w->nnum++ % FS_WORDS_RING];
}

const char *
fs_words_name(struct fs_words *w, uint32_t i)
{
	struct fs_buf *p = name_slot(w);

	fs_buf_user_spec(p, w->tr, i);
	return p->data;
}

const char *
fs_words_under(struct fs_words *w, uint32_t i)
{
	struct fs_buf *p = name_slot(w);

	if (!w->tr->node[i].is_user)
		fs_buf_addstr(p, "every user under ");
	fs_buf_user_spec(p, w->tr, i);
	if (p->len > 511) {		/* as long as it ever was */
		p->len = 511;
		p->data[511] = '\0';
	}
	return p->data;
}

/* %.6Lf into p[size] (size >= FS_FMT_MAX), by the number codec when it
 * can: a deep path writes a few per step. */
static size_t
fixed6(char *p, size_t size, struct fs_fmt_memo *m, long double v)
{
	int n = m ? fs_memo_fixed6_ld(m, p, v) : fs_fmt_fixed6_ld(p, v);

	if (n >= 0) {
		p[n] = '\0';
		return (size_t)n;
	}
	snprintf(p, size, "%.6Lf", v);
	return strlen(p);
}

const char *
fs_words_f6(struct fs_words *w, struct fs_fmt_memo *m, long double v)
{
	char *p = num_slot(w);

	if (isinf(v))
		return "inf";
	fixed6(p, 64, m, v);
	return p;
}

const char *
fs_words_f6g(struct fs_words *w, long double v)
{
	char *p = num_slot(w);

	if (isinf(v))
		return "inf";
	snprintf(p, 80, fabsl(v) < 1e30L ? "%.6Lf" : "%.6Lg", v);
	return p;
}

const char *
fs_words_d6(struct fs_words *w, struct fs_fmt_memo *m, double v)
{
	char *p = num_slot(w);
	int n = m ? fs_memo_fixed6(m, p, v) : fs_fmt_fixed6(p, v);

	if (n >= 0)
		p[n] = '\0';
	else
		snprintf(p, FS_WORDS_NUM, "%.6f", v);
	return p;
}

int
fs_words_same_ld(long double a, long double b)
{
	/* An x87 long double is 10 bytes of 16. */
	return !memcmp(&a, &b, LDBL_MANT_DIG == 64 ? 10 : sizeof(a));
}

/* A raw number without trailing zeros into p[80], its length into *len
 * unless NULL: p. */
static char *
raw_into(char *p, long double v, size_t *len)
{
	char *e = p + fixed6(p, 80, NULL, v);

	while (e[-1] == '0')
		*--e = '\0';
	if (e[-1] == '.')
		*--e = '\0';
	if (len)
		*len = (size_t)(e - p);
	return p;
}

const char *
fs_words_raw(struct fs_words *w, long double v)
{
	return raw_into(num_slot(w), v, NULL);
}

const char *
fs_words_raw_memo(struct fs_words_raw *r, long double v, size_t *len)
{
	if (!r->set || !fs_words_same_ld(r->v, v)) {
		raw_into(r->text, v, &r->len);
		r->v = v;
		r->set = 1;
	}
	*len = r->len;
	return r->text;
}

const char *
fs_words_usage(struct fs_words *w, long double v)
{
	char *p = num_slot(w), *e;

	if (isinf(v) || isnan(v)) {
		snprintf(p, 80, "%Lg", v);
		return p;
	}
	snprintf(p, 80, "%.6Lf", v);
	if (strlen(p) > 40)
		snprintf(p, 80, "%.6Lg", v);
	if (!strchr(p, '.'))
		return p;
	for (e = p + strlen(p); e[-1] == '0'; e--)
		;
	if (e[-1] == '.')
		e--;
	*e = '\0';
	return p;
}

const char *
fs_words_whole(struct fs_words *w, long double v)
{
	char *p = num_slot(w);

	if (v >= 0 && v < 0x1p64L)
		snprintf(p, 80, "%llu", (unsigned long long)fs_ld_u64(v));
	else
		snprintf(p, 80, "%.0Lf", v);
	return p;
}

const char *
fs_words_exact(struct fs_words *w, long double v)
{
	char *p = num_slot(w);

	p[fs_fmt_ld(p, v)] = '\0';
	return p;
}

char *
fs_words_put_ordinal(char *o, uint32_t n)
{
	const char *suf = "th";

	if (n % 100 < 11 || n % 100 > 13)
		suf = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd"
			: n % 10 == 3 ? "rd" : "th";
	o = fs_put_ll(o, n);
	memcpy(o, suf, 2);
	return o + 2;
}

const char *
fs_words_ordinal(struct fs_words *w, uint32_t n)
{
	char *p = num_slot(w);

	*fs_words_put_ordinal(p, n) = '\0';
	return p;
}

const char *
fs_words_span(struct fs_words *w, long long t)
{
	return fs_fmt_span(t, num_slot(w));
}

const char *
fs_words_iso(struct fs_words *w, long long t)
{
	char *p = num_slot(w);

	fs_iso_time(t, p);
	return p;
}

const char *
fs_words_half_life(struct fs_words *w, double hl)
{
	char *p = num_slot(w);

	if (hl <= 0)
		return "no decay: half-life 0";
	if (fmod(hl, 86400) == 0)
		snprintf(p, 64, "half-life %g day%s", hl / 86400,
			 hl == 86400 ? "" : "s");
	else if (fmod(hl, 3600) == 0)
		snprintf(p, 64, "half-life %g hour%s", hl / 3600,
			 hl == 3600 ? "" : "s");
	else
		snprintf(p, 64, "half-life %g s", hl);
	return p;
}

/* ------------------------------------------------------------ paragraphs */

void
fs_words_pad(struct fs_buf *b, int indent)
{
	static const char sp[] = "                                        ";

	for (; indent > 0; indent -= 40)
		fs_buf_add(b, sp, (size_t)(indent < 40 ? indent : 40));
}

/* w->para's text, wrapped into b. */
static void
wrap(struct fs_words *w, struct fs_buf *b, int indent)
{
	const char *p = w->para.data, *e;
	int col = 0, first = 1;
	int hang = !w->no_hang && strncmp(p, "- ", 2) == 0 ? 2 : 0;
	size_t n = w->para.len;

	/* What fits on its line as it is (one space between words, none
	 * around them) is that line: most of a deep path's. */
	if (n && p[0] != ' ' && p[n - 1] != ' ' &&
	    (size_t)indent + n <= COLUMNS && !strstr(p, "  ")) {
		fs_words_pad(b, indent);
		fs_buf_add(b, p, n);
		fs_buf_addch(b, '\n');
		return;
	}
	for (; *p;) {
		int len;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		for (e = p; *e && *e != ' '; e++)
			;
		len = (int)(e - p);
		if (col && col + 1 + len > COLUMNS) {
			fs_buf_addch(b, '\n');
			col = 0;
		}
		if (!col) {
			col = first ? indent : indent + hang;
			fs_words_pad(b, col);
			first = 0;
		} else {
			fs_buf_addch(b, ' ');
			col++;
		}
		fs_buf_add(b, p, (size_t)len);
		col += len;
		p = e;
	}
	fs_buf_addch(b, '\n');
}

void
fs_words_para(struct fs_words *w, struct fs_buf *b, int indent,
	      const char *fmt, ...)
{
	va_list ap;

	w->para.len = 0;
	fs_buf_addstr(&w->para, "");
	va_start(ap, fmt);
	fs_buf_vprintf(&w->para, fmt, ap);
	va_end(ap);
	wrap(w, b, indent);
}

void
fs_words_put_text(struct fs_words *w, struct fs_buf *b, int indent,
		  char *text, size_t n, int plain)
{
	char *o = text + n;

	*o = '\0';
	if (n && text[0] != ' ' && text[n - 1] != ' ' &&
	    (size_t)indent + n <= COLUMNS && (plain || !strstr(text, "  "))) {
		*o++ = '\n';
		*o = '\0';
		b->len = (size_t)(o - b->data);
		return;
	}
	w->para.len = 0;
	fs_buf_addstr(&w->para, "");
	fs_buf_add(&w->para, text, n);
	b->data[b->len] = '\0';
	wrap(w, b, indent);
}
