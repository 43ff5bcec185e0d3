/*
 * json.c: fs-rank --json, one JSON document for machines.
 *
 * {"format":"fs-json","version":1,"algorithm":...,"users":N,
 *  "meta":{every metadata key: string},
 *  "associations":[{"account","user","partition","parent","path","depth",
 *    "kind","raw_shares","shares_parent","raw_usage","level_shares",
 *    "norm_shares","norm_usage","effective_usage","level_fs",
 *    "level_fs_infinite","fairshare","rank"}, ...]}
 *
 * Every number is a JSON number (an IEEE double: the TSV keeps the long
 * double digits). A value that is not set is null. Level FS is the only
 * quantity that can be infinite: it is then null with "level_fs_infinite":
 * true, so that every standard parser reads the document. Strings are
 * escaped; bytes that are not UTF-8 become U+FFFD.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/io.h"

size_t
fs_utf8_len(const unsigned char *s)
{
	size_t n, i;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

void
fs_json_string(struct fs_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	fs_buf_addch(b, '"');
	while (*p) {
		/* A run of printable ASCII at once. */
		for (n = 0; p[n] >= 0x20 && p[n] < 0x7f && p[n] != '"' &&
			    p[n] != '\\'; n++)
			;
		if (n) {
			fs_buf_add(b, p, n);
			p += n;
			continue;
		}
		if (*p == '"' || *p == '\\') {
			fs_buf_addch(b, '\\');
			fs_buf_addch(b, (char)*p++);
		} else if (*p < 0x20) {
			fs_buf_printf(b, "\\u%04x", *p++);
		} else if ((n = fs_utf8_len(p)) > 0) {
			fs_buf_add(b, p, n);
			p += n;
		} else {
			fs_buf_addstr(b, "\\ufffd");
			p++;
		}
	}
	fs_buf_addch(b, '"');
}

/* A number as %.17g (the library's exact writer), or null when JSON has
 * none for it. m: the key's last number (a deep chain repeats its
 * usage and Level FS row after row). */
static void
json_number(struct fs_buf *b, struct fs_fmt_memo *m, double v)
{
	if (isinf(v) || isnan(v)) {
		fs_buf_addstr(b, "null");
		return;
	}
	fs_buf_grow(b, FS_FMT_MAX);
	b->len += (size_t)fs_memo_double(m, b->data + b->len, v);
	b->data[b->len] = '\0';
}

void
fs_json_ld_memo(struct fs_buf *b, struct fs_fmt_memo *m, long double v)
{
	/* Beyond a double's range as fs-rank --json, which writes doubles:
	 * too large is null, too small (but not zero) is 0. */
	if (isinf(v) || isnan(v) || fabsl(v) > DBL_MAX) {
		fs_buf_addstr(b, "null");
	} else if ((double)v == 0) {
		fs_buf_addstr(b, "0");
	} else if (!m) {
		fs_buf_ld(b, v);
	} else {
		fs_buf_grow(b, FS_FMT_MAX);
		b->len += (size_t)fs_memo_ld(m, b->data + b->len, v);
		b->data[b->len] = '\0';
	}
}

void
fs_json_ld(struct fs_buf *b, long double v)
{
	fs_json_ld_memo(b, NULL, v);
}

/* ,"k": for a literal k, its length known when compiled (17 keys a
 * row). */
#define json_key(b, k) fs_buf_add((b), ",\"" k "\":", sizeof(k) + 3)

#define json_opt_string(b, k, s) (json_key(b, k), json_opt_value(b, s))

static void
json_opt_value(struct fs_buf *b, const char *s)
{
	if (s && *s)
		fs_json_string(b, s);
	else
		fs_buf_addstr(b, "null");
}

int
fs_json_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
	      FILE *out)
{
	const struct fs_header *h = &tr->t->h;
	const long double no_val = (long double)FS_NO_VAL;
	long double norm;
	int fair = fs_algorithm_levels(o->algorithm);
	uint32_t r, *path = fs_xcalloc(FS_JSON_PATH_MAX, sizeof(*path));
	uint32_t *pos = fs_xcalloc((size_t)tr->n + 1, sizeof(*pos));
	struct fs_buf b;
	struct fs_fmt_memo memo[6];	/* one a number key */
	size_t k;
	int ret = 0;

	memset(memo, 0, sizeof(memo));
	fs_buf_init(&b);
	fs_buf_addstr(&b, "{\"format\":\"fs-json\",\"version\":1,\"algorithm\":");
	fs_json_string(&b, fs_algorithm_name(o->algorithm));
	fs_buf_printf(&b, ",\"users\":%u,\"meta\":{", tr->user_count);
	for (k = 0; k < h->nmeta; k++) {
		if (k)
			fs_buf_addch(&b, ',');
		fs_json_string(&b, h->meta[k].key);
		fs_buf_addch(&b, ':');
		fs_json_string(&b, h->meta[k].val);
	}
	fs_buf_addstr(&b, "},\"associations\":[");
	/* pos: 1 + the index of a shown row in the array, 0 not shown. */
	for (r = 0, k = 0; r < tr->n; r++)
		if (!o->show || o->show[tr->order[r]])
			pos[tr->order[r]] = (uint32_t)++k;
	for (r = 0, k = 0; r < tr->n && !ret; r++) {
		uint32_t i = tr->order[r], j, d;
		const struct fs_node *a = &tr->node[i];

		if (!pos[i])
			continue;
		fs_buf_addstr(&b, k++ ? ",\n{" : "\n{");
		fs_buf_addstr(&b, "\"account\":");
		fs_json_string(&b, a->acct);
		json_opt_string(&b, "user", a->is_user ? a->user : NULL);
		json_opt_string(&b, "partition", a->part);
		json_opt_string(&b, "parent",
				a->parent == FS_NONE ? NULL
						     : tr->node[a->parent].acct);
		json_key(&b, "parent_index");
		if (a->parent == FS_NONE || !pos[a->parent])
			fs_buf_addstr(&b, "null");
		else
			fs_buf_ll(&b, pos[a->parent] - 1);
		/* The accounts from root down to this row's account, up to
		 * FS_JSON_PATH_MAX of them (else every row of a deep chain
		 * repeats its ancestors: quadratic). */
		json_key(&b, "path");
		d = a->is_user ? a->depth : a->depth + 1;
		if (d > FS_JSON_PATH_MAX) {
			fs_buf_addstr(&b, "null");
		} else {
			d = 0;
			for (j = a->is_user ? a->parent : i; j != FS_NONE;
			     j = tr->node[j].parent)
				path[d++] = j;
			fs_buf_addch(&b, '[');
			while (d--) {
				fs_json_string(&b, tr->node[path[d]].acct);
				if (d)
					fs_buf_addch(&b, ',');
			}
			fs_buf_addch(&b, ']');
		}
		json_key(&b, "depth");
		fs_buf_ll(&b, a->depth);
		fs_buf_addstr(&b, a->is_user ? ",\"kind\":\"user\""
					     : ",\"kind\":\"account\"");
		json_key(&b, "raw_shares");
		if (a->use_parent || i == tr->root)
			fs_buf_addstr(&b, "null");
		else
			fs_buf_ll(&b, a->shares_raw);
		fs_buf_addstr(&b, a->use_parent ? ",\"shares_parent\":true"
						: ",\"shares_parent\":false");
		json_key(&b, "raw_usage");
		json_number(&b, &memo[0], (double)a->usage_raw);
		json_key(&b, "level_shares");
		if (a->level_shares == FS_NO_VAL)
			fs_buf_addstr(&b, "null");
		else
			fs_buf_ll(&b, a->level_shares);
		json_key(&b, "norm_shares");
		json_number(&b, &memo[1], a->shares_norm);
		json_key(&b, "norm_usage");
		norm = fs_node_usage_norm(tr, a);
		if (norm == no_val)
			fs_buf_addstr(&b, "null");
		else
			json_number(&b, &memo[2], (double)norm);
		json_key(&b, "effective_usage");
		json_number(&b, &memo[3], (double)fs_node_usage_efctv(tr, a));
		json_key(&b, "level_fs");
		if (!fair || a->level_fs == no_val)
			fs_buf_addstr(&b, "null");
		else
			json_number(&b, &memo[4], (double)a->level_fs);
		fs_buf_addstr(&b, fair && isinf(a->level_fs)
					  ? ",\"level_fs_infinite\":true"
					  : ",\"level_fs_infinite\":false");
		json_key(&b, "fairshare");
		if (a->is_user || !fair)
			json_number(&b, &memo[5], a->fs_factor);
		else
			fs_buf_addstr(&b, "null");
		json_key(&b, "rank");
		if (a->is_user)
			fs_buf_ll(&b, tr->user_count + 1 - a->rank);
		else
			fs_buf_addstr(&b, "null");
		fs_buf_addch(&b, '}');
		if (b.len >= 1 << 16) {
			ret = fs_write_all(out, b.data, b.len);
			b.len = 0;
		}
	}
	fs_buf_addstr(&b, "\n]}\n");
	if (!ret)
		ret = fs_write_all(out, b.data, b.len);
	fs_buf_release(&b);
	free(path);
	free(pos);
	return ret;
}
