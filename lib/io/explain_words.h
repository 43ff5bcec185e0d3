/*
 * explain_words.h: private to lib/io/explain_*.c. The words fs-explain's
 * prose is made of (explain_words.c): names, numbers in sshare's forms,
 * ordinals, time spans and paragraphs wrapped at 78 columns. A renderer
 * keeps one struct fs_words on its stack for one answer: the names and
 * numbers it hands out live in it, a ring of each, so that a sentence can
 * hold several at once (each stays until FS_WORDS_RING more of its kind
 * are asked for).
 */
#ifndef FS_EXPLAIN_WORDS_H
#define FS_EXPLAIN_WORDS_H

#include <string.h>

#include "io/io.h"

#define FS_WORDS_RING 8
#define FS_WORDS_NUM (FS_FMT_MAX + 320)	/* a double's %.6f, whole */

/* The last number fs_words_raw_memo wrote and its text: a deep path's
 * steps repeat their usages. */
struct fs_words_raw {
	long double v;
	int set;
	size_t len;
	char text[80];
};

struct fs_words {
	const struct fs_tree *tr;
	int no_hang;			/* an item ("- ...") does not hang
					 * under its first word */
	struct fs_buf name[FS_WORDS_RING];
	unsigned nname;
	char num[FS_WORDS_RING][FS_WORDS_NUM];
	unsigned nnum;
	struct fs_buf para;		/* a paragraph, before it is wrapped */
	/* The Level FS line put_level (explain_text.c) made last, its three
	 * numbers: a deep path's steps repeat it whole. */
	struct fs_buf line;
	long double line_lf, line_ue;
	double line_sh;
	int line_set;
	/* A path's steps, one after another, repeat their numbers. */
	struct fs_fmt_memo m_lfs, m_shares, m_ue;
	struct fs_words_raw m_usage, m_pusage;
};

void fs_words_init(struct fs_words *w, const struct fs_tree *tr);
void fs_words_release(struct fs_words *w);

/* Node i's name as fs-explain writes it (fs_buf_user_spec). */
const char *fs_words_name(struct fs_words *w, uint32_t i);
/* "every user under NAME", or the user's name (at most 511 bytes). */
const char *fs_words_under(struct fs_words *w, uint32_t i);
/* sshare's six decimals, "inf" for infinity; through memo m unless NULL. */
const char *fs_words_f6(struct fs_words *w, struct fs_fmt_memo *m,
			long double v);
/* The same, as %.6Lg from 1e30 on (the --usage-by and --glossary texts). */
const char *fs_words_f6g(struct fs_words *w, long double v);
/* A double's six decimals (%.6f); through memo m unless NULL. */
const char *fs_words_d6(struct fs_words *w, struct fs_fmt_memo *m, double v);
/* A number without trailing zeros (44000, 18211.004871). */
const char *fs_words_raw(struct fs_words *w, long double v);
/* The same through r: its text and length (*len), kept in r. */
const char *fs_words_raw_memo(struct fs_words_raw *r, long double v,
			      size_t *len);
/* A usage as --usage-by and --glossary write it: fs_words_raw's, but
 * %.6Lg past 40 characters. */
const char *fs_words_usage(struct fs_words *w, long double v);
/* sshare's RawUsage: the whole part, truncated. */
const char *fs_words_whole(struct fs_words *w, long double v);
/* Every digit (%.21Lg, as the tree writes it). */
const char *fs_words_exact(struct fs_words *w, long double v);
/* "1st", "22nd", "13th". */
const char *fs_words_ordinal(struct fs_words *w, uint32_t n);
/* The same at o (room for 16 bytes), no NUL: the end. */
char *fs_words_put_ordinal(char *o, uint32_t n);
/* "2 days 3 h 5 min" (fs_fmt_span). */
const char *fs_words_span(struct fs_words *w, long long t);
/* "2026-11-20T10:00:00Z". */
const char *fs_words_iso(struct fs_words *w, long long t);
/* "half-life 7 days", or "no decay: half-life 0". */
const char *fs_words_half_life(struct fs_words *w, double hl);
/* The same long double, bit for bit. */
int fs_words_same_ld(long double a, long double b);

/* Append text as a paragraph wrapped at 78 columns, every line indented;
 * a paragraph that is an item ("- ...") hangs under its first word
 * (unless w->no_hang). */
void fs_words_para(struct fs_words *w, struct fs_buf *b, int indent,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* indent spaces. */
void fs_words_pad(struct fs_buf *b, int indent);
/* The paragraph of n bytes at text, after indent spaces at the end of b
 * (b->len not moved yet; room for a newline after it), written in place
 * without printf (a deep path makes two a step): as one line when that is
 * how fs_words_para would put it, else wrapped. plain: the text cannot
 * hold two spaces in a row (the caller knows its pieces). */
void fs_words_put_text(struct fs_words *w, struct fs_buf *b, int indent,
		       char *text, size_t n, int plain);

/* Bytes at o, where the caller has made room: the end. */
static inline char *
fs_words_put_mem(char *o, const void *p, size_t n)
{
	memcpy(o, p, n);
	return o + n;
}
#define FS_WORDS_PUT_LIT(o, s) fs_words_put_mem(o, s, sizeof(s) - 1)

/* indent spaces at o, where the caller has made room for
 * FS_WORDS_PAD_ROOM bytes more than it writes after them: a path's
 * indentation (26 at most) is one move of constant size. */
#define FS_WORDS_PAD_ROOM 32
static inline char *
fs_words_put_pad(char *o, int indent)
{
	static const char sp[FS_WORDS_PAD_ROOM + 1] =
		"                                ";

	if (indent <= FS_WORDS_PAD_ROOM)
		memcpy(o, sp, FS_WORDS_PAD_ROOM);
	else
		memset(o, ' ', (size_t)indent);
	return o + indent;
}

#endif
