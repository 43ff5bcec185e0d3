/*
 * sshare_json.c: the document 'sshare --json' prints (Slurm 23.11 and
 * later, data_parser v0.0.40 to v0.0.45), with json-c: read into the rows
 * of import.h (fs_import_json, the JSON front end of fs_sshare_import) and
 * written from a ranked tree (fs_sshare_json_write, fs-rank --json=sshare).
 *
 *   {"shares":{"shares":[{"id","cluster","name","parent","partition",
 *     "shares","shares_normalized","usage","usage_normalized",
 *     "effective_usage","fairshare":{"factor","level"},
 *     "tres":{"run_seconds":[{"name","value"}],"group_minutes":[...]},
 *     "type":["USER"] or ["ASSOCIATION"]}, ...]}, "errors":[...], ...}
 *
 * A user's row names the user and has its account as parent; an account's
 * row names the account and its parent account. Numbers come as JSON
 * numbers or as {"set","infinite","number"}: not set is an empty cell,
 * infinite is "inf". The rows keep the list's order (slurmctld's, as the
 * text's). Each row is known by the line its object starts on.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/io.h"
#include "io/import.h"

#ifndef HAVE_JSONC

int
fs_sshare_json_available(void)
{
	return 0;
}

int
fs_import_json(struct fs_import *m, const char *text, size_t len,
	       char **cluster, struct fs_err *e)
{
	(void)m, (void)text, (void)len, (void)cluster;
	return fs_error(e, 1, "this fs-tree was built without json-c: save "
			"'sshare -a -l -P' instead, or install libjson-c-dev "
			"and rebuild");
}

int
fs_sshare_json_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		     const char *release, FILE *out, struct fs_err *e)
{
	(void)tr, (void)o, (void)release, (void)out;
	return fs_error(e, 0, "--json=sshare: this fs-rank was built without "
			"json-c (install libjson-c-dev and rebuild)");
}

#else

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <json-c/json.h>

int
fs_sshare_json_available(void)
{
	return 1;
}

/* sshare's FairShare=parent, which the text prints as "parent". */
#define SHARES_PARENT 2147483647u
/* (double)UINT64_MAX: what 26.05 writes for an infinite level. */
#define INF_PLACEHOLDER 18446744073709551615.0
/* json-c's nesting limit; sshare's document is 6 deep. */
#define JSON_DEPTH 64

static unsigned long
line_at(const char *text, size_t off)
{
	unsigned long line = 1;
	const char *p = text, *end = text + off;

	while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		line++;
		p++;
	}
	return line;
}

/* Where an element of .shares.shares lies: [start, end) from its '{' to
 * its '}', and the line it starts on (the text is under 2 GiB). */
struct span {
	uint32_t start, end, line;
};

/* What a scan of the text finds: the elements of every list
 * .shares.shares in order, where the list lies, and whether anything makes
 * the document one that a read of its pieces cannot vouch for. */
struct scan {
	struct span *el;
	size_t n, cap;
	size_t open, close;	/* the list's '[' and ']' */
	int nlist;		/* lists .shares.shares seen */
	int odd;
};

/* A scan of the text following strings, keys and nesting only (json-c
 * gives no positions). The whole document's read takes the line of each
 * element from it, on text json-c has accepted; the read in pieces takes
 * the spans to parse alone, unless odd: a key at the top or in .shares
 * that is escaped (it could spell "shares"), "shares" not once there,
 * brackets that do not match, a string or nesting left open, nesting past
 * JSON_DEPTH. */
/* The bytes the scan looks at. */
static const unsigned char scan_stop[256] = {
	['\n'] = 1, ['"'] = 1, [':'] = 1, [','] = 1,
	['{'] = 1, ['}'] = 1, ['['] = 1, [']'] = 1,
};

static void
scan_list(const char *text, size_t len, struct scan *s)
{
	/* Per level: 'o' object or 'a' array, and whether the key that
	 * opened it (in its parent object) was "shares". */
	char kind[JSON_DEPTH + 2];
	int shares[JSON_DEPTH + 2];
	int depth = 0, key_shares = 0, after_key = 0, nkey[3] = {0, 0, 0};
	unsigned long line = 1;
	size_t i;

	memset(s, 0, sizeof(*s));
	kind[0] = 0;
	shares[0] = 0;
	for (i = 0; i < len; i++) {
		char ch;

		/* Most bytes are indentation, names and numbers: passed over
		 * a lookup each. */
		while (i < len && !scan_stop[(unsigned char)text[i]])
			i++;
		if (i == len)
			break;
		ch = text[i];
		if (ch == '\n')
			line++;
		else if (ch == '"') {
			size_t st = ++i;

			while (i < len && text[i] != '"')
				i += text[i] == '\\' ? 2 : 1;
			if (i >= len) {
				s->odd = 1;
				break;
			}
			/* A string in an object, not after a ':', is a key. */
			if (depth && kind[depth] == 'o' && !after_key) {
				key_shares = i - st == 6 &&
					     !memcmp(text + st, "shares", 6);
				/* The keys that lead to the list. */
				if (depth == 1 || (depth == 2 && shares[2])) {
					nkey[depth] += key_shares;
					if (memchr(text + st, '\\', i - st))
						s->odd = 1;
				}
			}
			after_key = 0;
		} else if (ch == ':')
			after_key = 1;
		else if (ch == ',')
			after_key = 0;
		else if (ch == '{' || ch == '[') {
			if (depth > JSON_DEPTH) {
				s->odd = 1;
				continue;
			}
			/* The list: the array "shares" of the object
			 * "shares" of the document; its elements the objects
			 * in it. */
			if (depth == 2 && ch == '[' && after_key && key_shares &&
			    shares[2]) {
				s->nlist++;
				s->open = i;
			}
			if (ch == '{' && depth == 3 && kind[3] == 'a' &&
			    shares[3] && shares[2]) {
				FS_GROW(s->el, s->n, s->cap);
				s->el[s->n].start = (uint32_t)i;
				s->el[s->n].end = 0;
				s->el[s->n++].line = (uint32_t)line;
			}
			depth++;
			kind[depth] = ch == '{' ? 'o' : 'a';
			shares[depth] = after_key && key_shares;
			after_key = 0;
		} else if ((ch == '}' || ch == ']') && depth > 0) {
			if (kind[depth] != (ch == '}' ? 'o' : 'a'))
				s->odd = 1;
			if (depth >= 3 && kind[3] == 'a' && shares[3] &&
			    shares[2]) {
				if (depth == 4 && ch == '}' && s->n)
					s->el[s->n - 1].end = (uint32_t)(i + 1);
				else if (depth == 3)
					s->close = i;
			}
			depth--;
		} else if (ch == '}' || ch == ']')
			s->odd = 1;
	}
	if (depth || nkey[1] != 1 || nkey[2] != 1 || s->nlist != 1)
		s->odd = 1;
}

static struct json_object *
member(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	if (!json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

/* A number, plain or as {"set","infinite","number"}, into out ("" when not
 * set, "inf" when infinite); integers stay integers. Returns 0, -1 when it
 * is not a number >= 0, or 1 for an integer at json-c's clamp (INT64_MIN
 * or UINT64_MAX: see number_text), out then empty. */
static int
number(struct json_object *v, char *out, size_t size)
{
	struct json_object *set = member(v, "set");
	struct json_object *inf = member(v, "infinite");

	*out = '\0';
	if (json_object_is_type(v, json_type_object)) {
		/* Infinite comes with "set": false. */
		if (inf && json_object_get_boolean(inf)) {
			snprintf(out, size, "inf");
			return 0;
		}
		if (set && !json_object_get_boolean(set))
			return 0;
		v = member(v, "number");
	}
	if (!v || json_object_is_type(v, json_type_null))
		return 0;
	/* 26.05 writes an infinite level as 2^64 - 1 (and warns about it). */
	if (json_object_is_type(v, json_type_double) &&
	    json_object_get_double(v) == INF_PLACEHOLDER) {
		snprintf(out, size, "inf");
		return 0;
	}
	if (json_object_is_type(v, json_type_int) &&
	    (json_object_get_int64(v) == INT64_MIN ||
	     json_object_get_uint64(v) == UINT64_MAX))
		return 1;
	/* As sshare wrote it. */
	if ((json_object_is_type(v, json_type_int) &&
	     json_object_get_int64(v) >= 0) ||
	    (json_object_is_type(v, json_type_double) &&
	     isfinite(json_object_get_double(v)) &&
	     json_object_get_double(v) >= 0)) {
		snprintf(out, size, "%s", json_object_get_string(v));
		return 0;
	}
	return -1;
}

static const char *
string(struct json_object *o, const char *key)
{
	struct json_object *v = member(o, key);

	return v && json_object_is_type(v, json_type_string)
		       ? json_object_get_string(v)
		       : NULL;
}

/* ------------------------------------------------- a number's own text */

/*
 * json-c reads an integer past its range as INT64_MIN or UINT64_MAX
 * (strtoll's and strtoull's ERANGE, unreported) and keeps no text of it.
 * Such a value is looked up in the text of its element, by the keys that
 * lead to it, so that a number past 2^64 - 1 is refused rather than read
 * as 2^64 - 1 and a message quotes what the file says. The text is one
 * json-c has accepted: these only step over it.
 */

static const char *
ws(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

/* Past the string whose '"' is at p. */
static const char *
past_string(const char *p, const char *end)
{
	for (p++; p < end && *p != '"'; p += *p == '\\' ? 2 : 1)
		;
	return p < end ? p + 1 : end;
}

/* Past the value at p. */
static const char *
past_value(const char *p, const char *end)
{
	int depth = 0;

	if (p < end && *p != '{' && *p != '[' && *p != '"') {
		while (p < end && !memchr(",}] \t\r\n", *p, 7))
			p++;
		return p;
	}
	while (p < end) {
		if (*p == '"') {
			p = past_string(p, end);
			if (!depth)
				return p;
			continue;
		}
		if (*p == '{' || *p == '[')
			depth++;
		else if ((*p == '}' || *p == ']') && --depth == 0)
			return p + 1;
		p++;
	}
	return end;
}

/* Whether the key written [p, q) (inside its quotes) is key, its escapes
 * read as json-c reads them. */
static int
key_is(const char *p, const char *q, const char *key)
{
	while (p < q) {
		unsigned c = (unsigned char)*p++;

		if (c == '\\' && p < q) {
			char esc = *p++;

			if (esc == 'u' && q - p >= 4) {
				char h[5] = {p[0], p[1], p[2], p[3], 0};

				c = (unsigned)strtoul(h, NULL, 16);
				p += 4;
			} else
				c = esc == 'n' ? '\n' : esc == 't' ? '\t'
				  : esc == 'r' ? '\r' : esc == 'b' ? '\b'
				  : esc == 'f' ? '\f' : (unsigned char)esc;
		}
		if (!*key || c != (unsigned char)*key++)
			return 0;
	}
	return !*key;
}

/* Where the value at path (n keys, or "#K" for the K-th element of a
 * list) from the value at p starts, or NULL. Of a key given twice, the
 * last, as json-c keeps it. */
static const char *
value_at(const char *p, const char *end, const char *const *path, int n)
{
	const char *found = NULL;

	p = ws(p, end);
	if (!n)
		return p;
	if (p >= end)
		return NULL;
	if (*path[0] == '#') {
		long k = atol(path[0] + 1);

		if (*p != '[')
			return NULL;
		for (p = ws(p + 1, end); p < end && *p != ']'; k--) {
			if (!k)
				return value_at(p, end, path + 1, n - 1);
			p = ws(past_value(p, end), end);
			if (p < end && *p == ',')
				p = ws(p + 1, end);
		}
		return NULL;
	}
	if (*p != '{')
		return NULL;
	for (p = ws(p + 1, end); p < end && *p == '"';) {
		const char *k = p + 1;
		int match;

		p = past_string(p, end);
		match = key_is(k, p - 1, path[0]);
		p = ws(p, end);
		if (p < end && *p == ':')
			p = ws(p + 1, end);
		if (match)
			found = p;
		p = ws(past_value(p, end), end);
		if (p < end && *p == ',')
			p = ws(p + 1, end);
	}
	return found ? value_at(found, end, path + 1, n - 1) : NULL;
}

/* What the list shows of the algorithm (fs-tree(1)): Fair Tree gives
 * every association a level (infinite without usage), classic none (0);
 * under classic, 24.11 sends 0 for every factor (sshare's text computes
 * them), 26.05 sends slurmctld's. */
struct shown {
	int fairtree, factors;
};

#define NNUMS 8

/* One element's cells, before the list shows its algorithm: they point
 * into the element, num, grp and run. */
struct cells {
	const char *cell[IC_N];
	char num[NNUMS][64];
	struct fs_buf grp, run;
	struct shown how;	/* what it shows, as shown_add reads it */
	const char *el;		/* the element's text, if known */
	size_t el_len;
	int el_unsure;		/* el may be another element's */
	struct json_tokener *tok;	/* to see whether it is (el_unsure) */
	struct json_object *obj;	/* the element */
	char bad[48];		/* the text of a number refused */
};

/* The number at path in the element (n keys; plain, or as "number" of
 * {"set","infinite","number"}) into out, as number() reads it, an integer
 * at json-c's clamp as the element's text says: 0; -1 when it is not a
 * number >= 0, -2 when it is a whole number past 2^64 - 1, x->bad then
 * its text as the file has it (as json-c prints it when the element's
 * text is not known). */
static int
element_number(struct cells *x, struct json_object *v,
	       const char *const *path, int n, char *out, size_t size)
{
	static const char *const num[] = {"number"};
	const char *p = NULL, *end = x->el + x->el_len, *q;
	int r = number(v, out, size);

	if (r < 0)
		snprintf(x->bad, sizeof(x->bad), "%.40s",
			 json_object_to_json_string(v));
	if (r <= 0)
		return r;
	if (json_object_is_type(v, json_type_object))
		v = member(v, "number");
	/* The scan of an odd document (import_whole) may have taken another
	 * list's elements: the text is this element's if it parses to it. */
	if (x->el && x->el_unsure) {
		struct json_object *again = json_tokener_parse_ex(
			x->tok, x->el, (int)x->el_len);

		if (!json_object_equal(again, x->obj))
			x->el = NULL;
		json_object_put(again);
		json_tokener_reset(x->tok);
		x->el_unsure = 0;
	}
	if (x->el && (p = value_at(x->el, end, path, n)) != NULL &&
	    p < end && *p == '{')
		p = value_at(p, end, num, 1);
	if (!p || p >= end || (*p != '-' && (*p < '0' || *p > '9'))) {
		/* Not found: json-c's value. */
		if (json_object_get_int64(v) < 0) {
			snprintf(x->bad, sizeof(x->bad), "%s",
				 json_object_get_string(v));
			return -1;
		}
		snprintf(out, size, "%s", json_object_get_string(v));
		return 0;
	}
	q = past_value(p, end);
	if (q - p == 20 && !memcmp(p, "18446744073709551615", 20)) {
		snprintf(out, size, "%.20s", p);
		return 0;
	}
	snprintf(x->bad, sizeof(x->bad), "%.*s",
		 (int)(q - p > 40 ? 40 : q - p), p);
	return *p == '-' ? -1 : -2;
}

/* A TRES list [{"name","value"}] .tres.which as sshare's text prints it:
 * "name=N,..." for the values set, each a whole number divided by div
 * (TRESRunMins: seconds to minutes, as sshare does). */
static int
tres(struct cells *x, struct json_object *a, const char *which,
     unsigned long long div, struct fs_buf *b, const char *elname,
     unsigned long line, struct fs_err *e)
{
	struct json_object *list = member(member(a, "tres"), which);
	size_t i, n;

	b->len = 0;
	fs_buf_addstr(b, "");
	if (!list)
		return 0;
	if (!json_object_is_type(list, json_type_array))
		return fs_error(e, line, "'tres' of '%s': not a list of "
				"{name, value}", elname);
	n = json_object_array_length(list);
	for (i = 0; i < n; i++) {
		struct json_object *t = json_object_array_get_idx(list, i);
		struct json_object *nm = member(t, "name");
		struct json_object *v = member(t, "value");
		char num[64], k[24], q[128];
		const char *path[4] = {"tres", which, k, "value"};
		unsigned long long val;
		const char *name;
		size_t len;
		int r;

		if (!nm || !json_object_is_type(nm, json_type_string))
			return fs_error(e, line, "'tres' of '%s': not a list "
					"of {name, value}", elname);
		name = json_object_get_string(nm);
		len = (size_t)json_object_get_string_len(nm);
		if (!fs_import_tres_name_ok(name, len))
			return fs_error(e, line, "'tres.%s' of '%s': TRES name "
					"%s: a TRES cell's names hold no '=', "
					"',', tab, line break or NUL, and are "
					"not empty", which, elname,
					fs_quote(q, sizeof(q), name, len));
		snprintf(k, sizeof(k), "#%zu", i);
		r = element_number(x, v, path, 4, num, sizeof(num));
		/* A whole number: an integer, or a double that is one. */
		if (r == 0 && *num && strcmp(num, "inf") &&
		    json_object_is_type(json_object_is_type(v, json_type_object)
						? member(v, "number")
						: v,
					json_type_double)) {
			double d = json_object_get_double(
				json_object_is_type(v, json_type_object)
					? member(v, "number")
					: v);

			if (d != floor(d) || d >= 18446744073709551616.0) {
				snprintf(x->bad, sizeof(x->bad), "%.40s", num);
				r = -1;
			} else
				snprintf(num, sizeof(num), "%.0f", d);
		}
		if (r < 0)
			return fs_error(e, line, "'tres.%s' of '%s': %s: %s: "
					"'%s'", which, elname,
					fs_quote(q, sizeof(q), name, len),
					r == -2 ? "a whole number past "
						  "18446744073709551615"
						: "not a whole number >= 0",
					x->bad);
		if (!*num || !strcmp(num, "inf"))
			continue;
		val = strtoull(num, NULL, 10) / div;
		fs_buf_printf(b, "%s%.*s=%llu", b->len ? "," : "", (int)len,
			      name, val);
	}
	return 0;
}

static int
is_user(struct json_object *a)
{
	struct json_object *type = member(a, "type");
	size_t i, n;

	if (!json_object_is_type(type, json_type_array))
		return 0;
	n = json_object_array_length(type);
	for (i = 0; i < n; i++) {
		const char *t = json_object_get_string(
			json_object_array_get_idx(type, i));

		if (t && !strcmp(t, "USER"))
			return 1;
	}
	return 0;
}


/* Whether a number as number() wrote it is set and not 0. */
static int
shows(const char *num)
{
	return *num && strtod(num, NULL) != 0;
}

static int
nonzero(struct json_object *v)
{
	char num[64];

	return number(v, num, sizeof(num)) == 0 && shows(num);
}

/* What one element of the list shows, into s. */
static void
shown_add(struct shown *s, struct json_object *a)
{
	struct json_object *f = member(a, "fairshare");

	s->fairtree |= nonzero(member(f, "level"));
	s->factors |= nonzero(member(f, "factor"));
}

/* The columns a list that shows how has: set before its first row. */
static void
shown_columns(struct fs_import *m, struct shown how)
{
	int c;

	for (c = 0; c < IC_N; c++)
		m->has[c] = 1;
	m->has[IC_LFS] = how.fairtree;
	m->has[IC_FS] = how.fairtree || how.factors;
	m->has[IC_DEFACCT] = m->defaults != NULL;
	m->algorithm = how.fairtree ? "fairtree" : "classic";
}


/* Whether the strings of an element that the tree carries can stand in
 * it: names in a row's fields (no tab, line break or NUL), the cluster in
 * the metadata (no control character, fs-tsv(5)). A name cut at a NUL, or
 * one that splits its row or the prologue, would pass as another. */
static int
strings_ok(struct json_object *a, unsigned long line, struct fs_err *e)
{
	static const char *const key[] = {"cluster", "name", "parent",
					  "partition"};
	size_t k;

	for (k = 0; k < sizeof(key) / sizeof(*key); k++) {
		struct json_object *v = member(a, key[k]);
		const char *s, *bad;
		char q[256];
		size_t n;

		if (!v || !json_object_is_type(v, json_type_string))
			continue;
		s = json_object_get_string(v);
		n = (size_t)json_object_get_string_len(v);
		if (k == 0) {
			if (memchr(s, '\0', n) || fs_meta_bad(s))
				return fs_error(e, line, "cluster name %s has a "
						"control character",
						fs_quote(q, sizeof(q), s, n));
			continue;
		}
		if ((bad = fs_field_bad(s, n)) != NULL)
			return fs_error(e, line, "'%s' %s has %s, which a field "
					"of the TSV tree cannot hold", key[k],
					fs_quote(q, sizeof(q), s, n),
					*bad == '\t'   ? "a tab"
					: *bad == '\n' ? "a line break"
					: *bad == '\r' ? "a carriage return"
						       : "a NUL byte");
	}
	return 0;
}

/* One element of the list into its cells. */
static int
json_cells(struct json_object *a, struct cells *x, unsigned long line,
	   struct fs_err *e)
{
	static const struct {
		enum imp_col col;
		const char *key, *sub;
	} nums[NNUMS] = {
		{IC_RAWS, "shares", NULL},
		{IC_RAWU, "usage", NULL},
		{IC_ID, "id", NULL},
		{IC_NORMS, "shares_normalized", NULL},
		{IC_NORMU, "usage_normalized", NULL},
		{IC_EFF, "effective_usage", NULL},
		{IC_LFS, "fairshare", "level"},
		{IC_FS, "fairshare", "factor"},
	};
	const char **cell = x->cell;
	const char *name = string(a, "name"), *parent = string(a, "parent");
	size_t k;

	memset(x->cell, 0, sizeof(x->cell));
	x->obj = a;
	if (!json_object_is_type(a, json_type_object))
		return fs_error(e, line, "an element of 'shares' that is not "
				"an object");
	if (strings_ok(a, line, e) < 0)
		return -1;
	if (!name || !*name)
		return fs_error(e, line, "an association without a 'name'");
	if (!parent)
		parent = "";
	if (is_user(a)) {
		if (!*parent)
			return fs_error(e, line, "user '%s' without an account "
					"('parent')", name);
		cell[IC_ACCT] = parent;
		cell[IC_USER] = name;
	} else
		cell[IC_ACCT] = name;
	cell[IC_PARENT] = parent;
	cell[IC_PART] = string(a, "partition");
	for (k = 0; k < NNUMS; k++) {
		struct json_object *v = member(a, nums[k].key);
		const char *path[2] = {nums[k].key, nums[k].sub};
		int r;

		if (nums[k].sub)
			v = member(v, nums[k].sub);
		r = element_number(x, v, path, nums[k].sub ? 2 : 1, x->num[k],
				   sizeof(x->num[k]));
		if (r < 0)
			return fs_error(e, line, "'%s%s%s' of '%s': %s: '%s'",
					nums[k].key, nums[k].sub ? "." : "",
					nums[k].sub ? nums[k].sub : "", name,
					r == -2 ? "a whole number past "
						  "18446744073709551615"
						: "not a number >= 0",
					x->bad);
		cell[nums[k].col] = x->num[k];
	}
	/* The level and the factor, as they came. */
	x->how.fairtree = shows(x->num[6]);
	x->how.factors = shows(x->num[7]);
	/* FairShare=parent: no level of its own (the text leaves it empty,
	 * the JSON says infinite). */
	if (!strcmp(x->num[0], "inf") ||
	    strtoull(x->num[0], NULL, 10) == SHARES_PARENT) {
		cell[IC_RAWS] = "parent";
		cell[IC_LFS] = NULL;
	}
	if (tres(x, a, "group_minutes", 1, &x->grp, name, line, e) < 0 ||
	    tres(x, a, "run_seconds", 60, &x->run, name, line, e) < 0)
		return -1;
	cell[IC_GRP] = x->grp.data;
	cell[IC_RUN] = x->run.data;
	return 0;
}

/* A row from its cells, once the list has shown its algorithm. */
static void
json_row(struct fs_import *m, const char **cell, struct shown how,
	 unsigned long line)
{
	/* Fair Tree has no factor for an account: it sends 0. */
	if (how.fairtree && !cell[IC_USER])
		cell[IC_FS] = NULL;
	fs_import_row(m, (const char *const *)cell, line);
}

/* The first message of a non-empty "errors" list, if any. */
static const char *
first_error(struct json_object *doc)
{
	struct json_object *errs = member(doc, "errors"), *err;

	if (!json_object_is_type(errs, json_type_array) ||
	    !json_object_array_length(errs))
		return NULL;
	err = json_object_array_get_idx(errs, 0);
	if (string(err, "description") && *string(err, "description"))
		return string(err, "description");
	if (string(err, "error"))
		return string(err, "error");
	return "(no description)";
}

/* A whole document with json-c, nothing but whitespace after it; NULL
 * with the message in e if not. */
static struct json_object *
parse_doc(const char *text, size_t len, struct fs_err *e)
{
	struct json_tokener *tok;
	struct json_object *doc;
	enum json_tokener_error err;
	size_t end;

	if (!(tok = json_tokener_new_ex(JSON_DEPTH)))
		fs_die("out of memory");
	/* sshare writes standard JSON: no comments, trailing commas, NaN. */
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	doc = json_tokener_parse_ex(tok, text, (int)len);
	end = json_tokener_get_parse_end(tok);
	err = json_tokener_get_error(tok);
	json_tokener_free(tok);
	if (!doc || err != json_tokener_success) {
		json_object_put(doc);
		fs_error(e, line_at(text, end), "not valid JSON: %s",
			 err == json_tokener_continue
				 ? "the document ends early"
				 : json_tokener_error_desc(err));
		return NULL;
	}
	while (end < len && strchr(" \t\r\n", text[end]))
		end++;
	if (end < len) {
		json_object_put(doc);
		fs_error(e, line_at(text, end), "text after the JSON document");
		return NULL;
	}
	return doc;
}

/* What the document says besides its list: its last line, Slurm's
 * release, and an error sshare reported (-1). */
static int
doc_head(struct fs_import *m, const char *text, size_t len,
	 struct json_object *doc, struct fs_err *e)
{
	const char *rel = string(member(member(doc, "meta"), "slurm"),
				 "release"), *msg;

	m->last = line_at(text, len);
	/* A release is one of at most 31 bytes (release.c), never cut. */
	if (rel && (!fs_release_valid(rel) ||
		    strlen(rel) >= sizeof(m->release))) {
		char q[64];

		return fs_error(e, 1, "meta.slurm.release %s is not a Slurm "
				"release: expected MAJOR.MINOR.MICRO, each of "
				"1 to 4 digits, as %s.3",
				fs_quote(q, sizeof(q), rel, strlen(rel)),
				fs_release_newest());
	}
	if (rel)
		snprintf(m->release, sizeof(m->release), "%s", rel);
	if ((msg = first_error(doc)) != NULL)
		return fs_error(e, 1, "sshare reported an error: %s", msg);
	return 0;
}

/* The document read as one: every message of a document that is not
 * valid, or that the read in pieces does not take, comes from here. */
static int
import_whole(struct fs_import *m, const char *text, size_t len,
	     const struct scan *s, char **cluster, struct fs_err *e)
{
	struct json_object *doc, *list;
	struct shown how = {0, 0};
	struct cells x;
	size_t i, n;
	int r = 0;

	if (!(doc = parse_doc(text, len, e)))
		return -1;
	if (doc_head(m, text, len, doc, e) < 0) {
		json_object_put(doc);
		return -1;
	}
	list = member(member(doc, "shares"), "shares");
	if (!json_object_is_type(list, json_type_array)) {
		json_object_put(doc);
		return fs_error(e, 1, "no list 'shares' in 'shares': expected "
				"the output of 'sshare -a --json'");
	}
	n = json_object_array_length(list);
	for (i = 0; i < n; i++)
		shown_add(&how, json_object_array_get_idx(list, i));
	shown_columns(m, how);
	if (!(x.tok = json_tokener_new_ex(JSON_DEPTH)))
		fs_die("out of memory");
	json_tokener_set_flags(x.tok, JSON_TOKENER_STRICT);
	fs_buf_init(&x.grp);
	fs_buf_init(&x.run);
	for (i = 0; i < n && r == 0; i++) {
		struct json_object *a = json_object_array_get_idx(list, i);
		unsigned long line = i < s->n ? s->el[i].line : 1;

		if (!*cluster && string(a, "cluster") && *string(a, "cluster"))
			*cluster = fs_xstrdup(string(a, "cluster"));
		/* The element's text, as the scan found it. */
		x.el = NULL;
		x.el_len = 0;
		x.el_unsure = s->odd;
		if (i < s->n && s->el[i].end) {
			x.el = text + s->el[i].start;
			x.el_len = s->el[i].end - s->el[i].start;
		}
		r = json_cells(a, &x, line, e);
		if (r == 0)
			json_row(m, x.cell, how, line);
	}
	fs_buf_release(&x.grp);
	fs_buf_release(&x.run);
	json_tokener_free(x.tok);
	json_object_put(doc);
	return r;
}

/* ------------------------------------------------- the read in pieces */

/*
 * A document of a million associations as one json-c DOM takes 15 GB, and
 * half its time goes to allocating and freeing it. So each element of the
 * list is parsed alone (the scan gives its span), made into its cells and
 * freed, a chunk of elements at a time on every core, and the rest of the
 * document (the list left empty) is parsed as a small document of its
 * own. The rows wait, as cells in one buffer, until the whole list has
 * shown its algorithm (the columns depend on it). This read takes only
 * documents it can vouch for as one parse would read them: every element
 * parsed alone to its last byte, only whitespace and one comma between
 * them, the rest valid, nothing odd in the scan. Anything else is read as
 * one document (import_whole), which gives every message.
 */

/* Elements a chunk. */
#define JSON_CHUNK 256
/* The nesting an element may have alone: in the document it starts 3
 * deep. */
#define ELEM_DEPTH (JSON_DEPTH - 3)

struct jchunk {
	struct shown how;
	int bad;		/* an element json-c does not take alone */
	size_t err_at;		/* the first element refused, or SIZE_MAX */
	struct fs_err err;	/* why */
	char *cluster;		/* the first cluster its elements name */
};

struct jpieces {
	const char *text;
	const struct scan *s;
	struct jchunk *chunk;
	size_t emitted;
	struct fs_buf rows;	/* each row's line, then its cells */
};

/* A row's cells into b: its line, then per column 0 (no cell) or 1 and
 * the cell with its NUL. */
static void
cells_put(struct fs_buf *b, const char *const *cell, uint32_t line)
{
	int c;

	fs_buf_add(b, (const char *)&line, sizeof(line));
	for (c = 0; c < IC_N; c++) {
		fs_buf_addch(b, cell[c] != NULL);
		if (cell[c])
			fs_buf_add(b, cell[c], strlen(cell[c]) + 1);
	}
}

/* The row at p back into cell and line; returns the next. */
static const char *
cells_get(const char *p, const char **cell, uint32_t *line)
{
	int c;

	memcpy(line, p, sizeof(*line));
	p += sizeof(*line);
	for (c = 0; c < IC_N; c++) {
		cell[c] = NULL;
		if (*p++) {
			cell[c] = p;
			p += strlen(p) + 1;
		}
	}
	return p;
}

static void
pieces_make(void *arg, size_t c, struct fs_buf *b)
{
	struct jpieces *j = arg;
	struct jchunk *ch = &j->chunk[c];
	size_t k = c * JSON_CHUNK, end = j->s->n;
	struct json_tokener *tok;
	struct cells x;

	ch->err_at = SIZE_MAX;
	if (end - k > JSON_CHUNK)
		end = k + JSON_CHUNK;
	if (!(tok = json_tokener_new_ex(ELEM_DEPTH)))
		fs_die("out of memory");
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	x.tok = tok;
	x.el_unsure = 0;
	fs_buf_init(&x.grp);
	fs_buf_init(&x.run);
	for (; k < end; k++) {
		const struct span *sp = &j->s->el[k];
		int n = (int)(sp->end - sp->start);
		struct json_object *a;
		const char *cl;

		json_tokener_reset(tok);
		a = json_tokener_parse_ex(tok, j->text + sp->start, n);
		if (!a || json_tokener_get_error(tok) != json_tokener_success ||
		    json_tokener_get_parse_end(tok) != (size_t)n ||
		    !json_object_is_type(a, json_type_object)) {
			json_object_put(a);
			ch->bad = 1;
			break;
		}
		/* After a refused element, only whether the rest is valid
		 * JSON matters (that message would come first): what the list
		 * shows is then of no use. */
		if (ch->err_at == SIZE_MAX) {
			if (!ch->cluster && (cl = string(a, "cluster")) && *cl)
				ch->cluster = fs_xstrdup(cl);
			x.el = j->text + sp->start;
			x.el_len = (size_t)n;
			if (json_cells(a, &x, sp->line, &ch->err) < 0)
				ch->err_at = k;
			else {
				ch->how.fairtree |= x.how.fairtree;
				ch->how.factors |= x.how.factors;
				cells_put(b, x.cell, sp->line);
			}
		}
		json_object_put(a);
	}
	fs_buf_release(&x.grp);
	fs_buf_release(&x.run);
	json_tokener_free(tok);
}

static int
pieces_keep(void *arg, struct fs_buf *b)
{
	struct jpieces *j = arg;

	if (j->chunk[j->emitted++].bad)
		return 1;
	if (b->len)
		fs_buf_add(&j->rows, b->data, b->len);
	return 0;
}

/* Whether [p, end) is whitespace and exactly `commas` commas. */
static int
between(const char *p, const char *end, int commas)
{
	for (; p < end; p++)
		if (*p == ',')
			commas--;
		else if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			return 0;
	return commas == 0;
}

/* The read in pieces: 1 when it read the document (the result in *r), 0
 * when the document must be read as one. */
static int
import_pieces(struct fs_import *m, const char *text, size_t len,
	      const struct scan *s, char **cluster, struct fs_err *e, int *r)
{
	struct json_object *doc, *list;
	struct jpieces j;
	struct fs_buf skel;
	struct fs_err scratch;
	struct shown how = {0, 0};
	size_t k, nchunks = (s->n + JSON_CHUNK - 1) / JSON_CHUNK;
	const char *p, *end;
	int ok;

	if (s->odd)
		return 0;
	for (k = 0; k < s->n; k++)
		if (!s->el[k].end ||
		    !between(k ? text + s->el[k - 1].end : text + s->open + 1,
			     text + s->el[k].start, k > 0))
			return 0;
	if (!between(s->n ? text + s->el[s->n - 1].end : text + s->open + 1,
		     text + s->close, 0))
		return 0;
	/* The rest: the document with the list left empty. */
	fs_buf_init(&skel);
	fs_buf_add(&skel, text, s->open + 1);
	fs_buf_add(&skel, text + s->close, len - s->close);
	doc = parse_doc(skel.data, skel.len, &scratch);
	fs_buf_release(&skel);
	list = member(member(doc, "shares"), "shares");
	if (!json_object_is_type(list, json_type_array) ||
	    json_object_array_length(list)) {
		json_object_put(doc);
		return 0;
	}
	memset(&j, 0, sizeof(j));
	j.text = text;
	j.s = s;
	j.chunk = fs_xcalloc(nchunks ? nchunks : 1, sizeof(*j.chunk));
	fs_buf_init(&j.rows);
	ok = fs_par_ordered(nchunks, pieces_make, pieces_keep, &j) == 0;
	if (ok) {
		*r = doc_head(m, text, len, doc, e);
		for (k = 0; k < nchunks; k++) {
			how.fairtree |= j.chunk[k].how.fairtree;
			how.factors |= j.chunk[k].how.factors;
		}
		for (k = 0; k < nchunks && *r == 0; k++)
			if (j.chunk[k].err_at != SIZE_MAX)
				*r = fs_err_take(e, &j.chunk[k].err, 0);
		for (k = 0; k < nchunks && !*cluster; k++)
			if (j.chunk[k].cluster)
				*cluster = fs_xstrdup(j.chunk[k].cluster);
	}
	if (ok && *r == 0) {
		shown_columns(m, how);
		for (p = j.rows.data, end = p + j.rows.len; p < end;) {
			const char *cell[IC_N];
			uint32_t line;

			p = cells_get(p, cell, &line);
			json_row(m, cell, how, line);
		}
	}
	for (k = 0; k < nchunks; k++)
		free(j.chunk[k].cluster);
	free(j.chunk);
	fs_buf_release(&j.rows);
	json_object_put(doc);
	return ok;
}

int
fs_import_json(struct fs_import *m, const char *text, size_t len,
	       char **cluster, struct fs_err *e)
{
	struct scan s;
	int r = 0;

	if (len > (size_t)INT32_MAX)
		return fs_error(e, 1, "JSON document over 2 GiB");
	scan_list(text, len, &s);
	if (!import_pieces(m, text, len, &s, cluster, e, &r))
		r = import_whole(m, text, len, &s, cluster, e);
	free(s.el);
	return r;
}

/* ------------------------------------------------------------ the writer */

/* {"set","infinite","number"}: the number a json-c int or double. */
static struct json_object *
wrapped(int set, int inf, struct json_object *num)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "set", json_object_new_boolean(set));
	json_object_object_add(o, "infinite", json_object_new_boolean(inf));
	json_object_object_add(o, "number", num);
	return o;
}

static struct json_object *
wrapped_d(double v)
{
	return wrapped(1, 0, json_object_new_double(v));
}

static struct json_object *
unset_d(void)
{
	return wrapped(0, 0, json_object_new_double(0));
}

/* The value of name in a TRES cell "name=N,...", or -1. */
static long long
tres_value(const char *cell, const char *name, size_t len)
{
	const char *p = cell;

	while (p && *p) {
		const char *eq = strchr(p, '='), *comma = strchr(p, ',');

		if (!eq || (comma && comma < eq))
			return -1;
		if ((size_t)(eq - p) == len && !memcmp(p, name, len))
			return strtoll(eq + 1, NULL, 10);
		p = comma ? comma + 1 : NULL;
	}
	return -1;
}

/* "tres": run_seconds (TRESRunMins x 60: the tree keeps minutes),
 * group_minutes (infinite where GrpTRESMins names no limit), usage (not
 * in the tree: empty), over the TRES the row names, in its order. */
static struct json_object *
tres_object(const char *grp, const char *run)
{
	struct json_object *o = json_object_new_object();
	struct json_object *rs = json_object_new_array();
	struct json_object *gm = json_object_new_array();
	const char *names = *run ? run : grp, *p = names;

	while (*p) {
		const char *eq = strchr(p, '='), *comma = strchr(p, ',');
		size_t len;
		long long v;
		struct json_object *t;

		if (!eq || (comma && comma < eq))
			break;
		len = (size_t)(eq - p);
		t = json_object_new_object();
		json_object_object_add(t, "name",
				       json_object_new_string_len(p, (int)len));
		v = tres_value(run, p, len);
		json_object_object_add(t, "value",
				       wrapped(1, 0, json_object_new_int64(
							  v < 0 ? 0 : v * 60)));
		json_object_array_add(rs, t);
		t = json_object_new_object();
		json_object_object_add(t, "name",
				       json_object_new_string_len(p, (int)len));
		v = tres_value(grp, p, len);
		json_object_object_add(t, "value",
				       v < 0 ? wrapped(0, 1,
						       json_object_new_int64(0))
					     : wrapped(1, 0,
						       json_object_new_int64(v)));
		json_object_array_add(gm, t);
		p = comma ? comma + 1 : p + strlen(p);
	}
	json_object_object_add(o, "run_seconds", rs);
	json_object_object_add(o, "group_minutes", gm);
	json_object_object_add(o, "usage", json_object_new_array());
	return o;
}

/* What the writer needs besides the tree. */
struct jw {
	const struct fs_tree *tr;
	const struct fs_rank_opts *o;
	int parser, inf_as_max, ctld_fs, c_id, c_grp, c_run;
	const char *cluster;
	size_t placeholders;	/* infinities dumped as 2^64 - 1 */
	int tres_minutes;	/* a TRESRunMins above 0: x 60 is not exact */
};

/* Level FS as the release's parser dumps it (docs/slurm.md §6): unset on
 * the root and on a FairShare=parent account, infinite as infinite, or
 * as 2^64 - 1 (with a warning) with FS_REL_JSON_INF_AS_MAX. */
static struct json_object *
level_object(struct jw *w, uint32_t i)
{
	const struct fs_node *a = &w->tr->node[i];

	if (!fs_algorithm_levels(w->o->algorithm))
		return wrapped_d(0);
	if (i == w->tr->root || (a->use_parent && !a->is_user))
		return unset_d();
	if (isinf(a->level_fs) || a->use_parent) {
		if (!w->inf_as_max)
			return wrapped(0, 1, json_object_new_double(0));
		w->placeholders++;
		return wrapped_d(INF_PLACEHOLDER);
	}
	return wrapped_d(fs_sshare_wire(a->level_fs));
}

/* The factor the controller keeps: a user's; under Fair Tree 0 for an
 * account; under classic 0 everywhere without FS_REL_CTLD_CLASSIC_FS
 * (sshare computes it), with it every association's but the root's, a
 * FairShare=parent account's from its nearest ancestor's usage and
 * shares. */
static double
factor(const struct jw *w, uint32_t i)
{
	const struct fs_node *a = &w->tr->node[i];

	if (fs_algorithm_levels(w->o->algorithm))
		return a->is_user ? fs_sshare_wire(a->fs_factor) : 0;
	if (!w->ctld_fs || i == w->tr->root)
		return 0;
	if (a->is_user)
		return fs_sshare_wire(a->fs_factor);
	/* FairShare=parent: the nearest ancestor's values (the controller's
	 * _set_assoc_fs_factor). */
	if (a->use_parent && a->fs_parent != FS_NONE)
		a = &w->tr->node[a->fs_parent];
	return fs_sshare_wire(fs_classic_factor(fs_node_usage_efctv(w->tr, a),
							 a->shares_norm,
						w->o->dampening));
}

static struct json_object *
association(struct jw *w, uint32_t i)
{
	const struct fs_tree *tr = w->tr;
	const struct fs_node *a = &tr->node[i];
	const long double no_val = (long double)FS_NO_VAL;
	long double norm, efctv;
	struct json_object *o = json_object_new_object(), *fs, *type;
	const char *id = w->c_id >= 0 ? fs_table_field(tr->t, fs_node_row(tr, a),
						       (size_t)w->c_id)
				      : "";
	const char *grp = w->c_grp >= 0 ? fs_table_field(tr->t, fs_node_row(tr, a),
							 (size_t)w->c_grp)
					: "";
	const char *run = w->c_run >= 0 ? fs_table_field(tr->t, fs_node_row(tr, a),
							 (size_t)w->c_run)
					: "";
	long double u = a->usage_raw;

	json_object_object_add(o, "id",
			       json_object_new_int64(strtoll(id, NULL, 10)));
	json_object_object_add(o, "cluster",
			       json_object_new_string(w->cluster));
	json_object_object_add(o, "name", json_object_new_string(
						  a->is_user ? a->user : a->acct));
	json_object_object_add(
		o, "parent",
		json_object_new_string(a->is_user ? a->acct
				       : a->parent == FS_NONE
					       ? ""
					       : tr->node[a->parent].acct));
	json_object_object_add(o, "partition", json_object_new_string(a->part));
	json_object_object_add(o, "shares_normalized",
			       wrapped_d(fs_sshare_wire(a->shares_norm)));
	if (i == tr->root)
		json_object_object_add(o, "shares",
				       wrapped(0, 0, json_object_new_int64(0)));
	else
		json_object_object_add(
			o, "shares",
			wrapped(1, 0, json_object_new_int64(
					      a->use_parent ? SHARES_PARENT
							    : a->shares_raw)));
	json_object_object_add(o, "tres", tres_object(grp, run));
	if (strpbrk(run, "123456789"))
		w->tres_minutes = 1;
	efctv = fs_node_usage_efctv(tr, a);
	json_object_object_add(o, "effective_usage",
			       efctv == no_val
				       ? unset_d()
				       : wrapped_d(fs_sshare_wire(efctv)));
	norm = fs_node_usage_norm(tr, a);
	json_object_object_add(o, "usage_normalized",
			       norm == no_val
				       ? unset_d()
				       : wrapped_d(fs_sshare_wire(norm)));
	/* The controller sends the raw usage as an integer (cut, not
	 * rounded), as sshare's text prints it. */
	json_object_object_add(
		o, "usage",
		json_object_new_int64(u >= 9223372036854775807.0L
					      ? INT64_MAX
					      : (int64_t)u));
	fs = json_object_new_object();
	json_object_object_add(fs, "factor", wrapped_d(factor(w, i)));
	json_object_object_add(fs, "level", level_object(w, i));
	json_object_object_add(o, "fairshare", fs);
	type = json_object_new_array();
	json_object_array_add(type, json_object_new_string(
					    a->is_user ? "USER" : "ASSOCIATION"));
	json_object_object_add(o, "type", type);
	return o;
}

static struct json_object *
warning(const char *text, const char *source)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "description", json_object_new_string(text));
	json_object_object_add(o, "source", json_object_new_string(source));
	return o;
}

static struct json_object *
meta_object(const char *release, int parser, const char *cluster)
{
	struct json_object *m = json_object_new_object(), *p, *c, *cmd, *s, *v;
	struct passwd *pw = getpwuid(geteuid());
	struct group *gr = getgrgid(getegid());
	char buf[64];
	int n[3];

	p = json_object_new_object();
	json_object_object_add(p, "type", json_object_new_string(""));
	json_object_object_add(p, "name", json_object_new_string(""));
	snprintf(buf, sizeof(buf), "data_parser/v0.0.%d", parser);
	json_object_object_add(p, "data_parser", json_object_new_string(buf));
	json_object_object_add(
		p, "accounting_storage",
		json_object_new_string("accounting_storage/slurmdbd"));
	json_object_object_add(m, "plugin", p);
	c = json_object_new_object();
	json_object_object_add(c, "source", json_object_new_string(""));
	json_object_object_add(c, "user", json_object_new_string(
						  pw ? pw->pw_name : ""));
	json_object_object_add(c, "group", json_object_new_string(
						   gr ? gr->gr_name : ""));
	json_object_object_add(m, "client", c);
	cmd = json_object_new_array();
	json_object_array_add(cmd, json_object_new_string("fs-rank"));
	json_object_array_add(cmd, json_object_new_string("--json=sshare"));
	json_object_object_add(m, "command", cmd);
	s = json_object_new_object();
	v = json_object_new_object();
	fs_release_parse(release, n);
	snprintf(buf, sizeof(buf), "%d", n[0]);
	json_object_object_add(v, "major", json_object_new_string(buf));
	snprintf(buf, sizeof(buf), "%d", n[2]);
	json_object_object_add(v, "micro", json_object_new_string(buf));
	snprintf(buf, sizeof(buf), "%02d", n[1]);
	json_object_object_add(v, "minor", json_object_new_string(buf));
	json_object_object_add(s, "version", v);
	json_object_object_add(s, "release", json_object_new_string(release));
	json_object_object_add(s, "cluster", json_object_new_string(cluster));
	json_object_object_add(m, "slurm", s);
	return m;
}

/* The document around the list of associations: doc.shares.shares holds
 * nmark markers (strings no name can be) where the rows go. */
#define MARKER "\001fs-rank: rows\001"
#define MARKER_TEXT "\"\\u0001fs-rank: rows\\u0001\""

static struct json_object *
frame(const struct jw *w, const char *release, const char *approx,
      int nmark)
{
	struct json_object *doc, *shares, *list, *warnings;
	size_t k;

	list = json_object_new_array();
	while (nmark-- > 0)
		json_object_array_add(list, json_object_new_string(MARKER));
	shares = json_object_new_object();
	json_object_object_add(shares, "shares", list);
	json_object_object_add(shares, "total_shares",
			       json_object_new_int64(0));
	doc = json_object_new_object();
	json_object_object_add(doc, "shares", shares);
	json_object_object_add(doc, "meta",
			       meta_object(release, w->parser, w->cluster));
	json_object_object_add(doc, "errors", json_object_new_array());
	warnings = json_object_new_array();
	for (k = 0; k < w->placeholders; k++)
		json_object_array_add(
			warnings, warning("Dumping (0xffffffffffffffff) as place "
					  "holder for Infinity", ""));
	/* What the tree cannot give, said where the document's readers
	 * look (fs-rank(1)). */
	json_object_array_add(
		warnings,
		warning("the TSV tree keeps no TRES usage: tres.usage is empty",
			"fs-rank"));
	if (w->tres_minutes)
		json_object_array_add(
			warnings, warning("the TSV tree keeps TRES run time in "
					  "minutes: tres.run_seconds is "
					  "TRESRunMins x 60", "fs-rank"));
	if (approx) {
		char buf[512];

		snprintf(buf, sizeof(buf), "approximate: %s", approx);
		json_object_array_add(warnings, warning(buf, "fs-rank"));
	}
	json_object_object_add(doc, "warnings", warnings);
	return doc;
}

#define PRETTY (JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_PRETTY)

/* The rows are written as they are made, a chunk of them at a time on
 * every core, each row's object printed alone and indented as in the
 * whole document (a million rows as one json-c document took 13 GB). */
#define JSON_ROWS 1024

struct jstream {
	const struct jw *w;
	struct jw *chunk;	/* each chunk's counts */
	FILE *out;
	const char *indent, *sep;	/* as json-c prints the list */
	size_t nindent, nsep;
	int any;		/* a row written */
};

static void
rows_make(void *arg, size_t c, struct fs_buf *b)
{
	struct jstream *j = arg;
	const struct fs_tree *tr = j->w->tr;
	struct jw *w = &j->chunk[c];
	uint32_t r = (uint32_t)(c * JSON_ROWS), end = tr->n;

	*w = *j->w;
	if (end - r > JSON_ROWS)
		end = r + JSON_ROWS;
	for (; r < end; r++) {
		uint32_t i = tr->order[r];
		struct json_object *a;
		const char *text, *nl;

		if (w->o->show && !w->o->show[i])
			continue;
		a = association(w, i);
		/* Each row after a separator: the first row's is dropped
		 * when it is written. */
		fs_buf_add(b, j->sep, j->nsep);
		for (text = json_object_to_json_string_ext(a, PRETTY);
		     (nl = strchr(text, '\n')); text = nl + 1) {
			fs_buf_add(b, text, (size_t)(nl + 1 - text));
			fs_buf_add(b, j->indent, j->nindent);
		}
		fs_buf_addstr(b, text);
		json_object_put(a);
	}
}

static int
rows_emit(void *arg, struct fs_buf *b)
{
	struct jstream *j = arg;
	size_t skip = 0;

	if (!b->len)
		return 0;
	if (!j->any)
		skip = j->nsep;
	j->any = 1;
	return fs_write_all(j->out, b->data + skip, b->len - skip);
}

int
fs_sshare_json_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		     const char *release, FILE *out, struct fs_err *e)
{
	const struct fs_header *h = &tr->t->h;
	const char *text, *approx = fs_header_meta(h, "approximate");
	const char *m1, *m2, *line;
	struct json_object *doc;
	struct jstream j;
	struct jw w;
	size_t k, mlen = strlen(MARKER_TEXT),
		  nchunks = ((size_t)tr->n + JSON_ROWS - 1) / JSON_ROWS;
	uint32_t r;
	int ret;

	memset(&w, 0, sizeof(w));
	w.tr = tr;
	w.o = o;
	w.parser = fs_release_json_parser(release);
	w.inf_as_max = fs_release_has(release, FS_REL_JSON_INF_AS_MAX) > 0;
	w.ctld_fs = fs_release_has(release, FS_REL_CTLD_CLASSIC_FS) > 0;
	w.c_id = fs_header_col(h, FS_COL_ID);
	w.c_grp = fs_header_col(h, FS_COL_GRP_TRES_MINS);
	w.c_run = fs_header_col(h, FS_COL_TRES_RUN_MINS);
	w.cluster = fs_header_meta(h, "cluster");
	if (!w.cluster)
		w.cluster = "";
	for (r = 0; r < tr->n && o->show && !o->show[tr->order[r]]; r++)
		;
	if (r == tr->n) {
		/* No row: the document as json-c prints an empty list. */
		doc = frame(&w, release, approx, 0);
		text = json_object_to_json_string_ext(doc, PRETTY);
		ret = fs_write_all(out, text, strlen(text));
		if (!ret)
			ret = fs_write_all(out, "\n", 1);
		json_object_put(doc);
		return ret < 0 ? fs_error(e, 0, "write error") : 0;
	}
	/* How json-c prints the list: what comes before the first of two
	 * rows (the head, ending in the rows' indentation), between them
	 * (the separator) and after the second (the tail). */
	doc = frame(&w, release, approx, 2);
	text = json_object_to_json_string_ext(doc, PRETTY);
	m1 = strstr(text, MARKER_TEXT);
	m2 = m1 ? strstr(m1 + mlen, MARKER_TEXT) : NULL;
	if (!m2) {
		json_object_put(doc);
		return fs_error(e, 0, "--json=sshare: json-c printed an "
				"unexpected document");
	}
	for (line = m1; line > text && line[-1] == ' '; line--)
		;
	memset(&j, 0, sizeof(j));
	j.w = &w;
	j.out = out;
	j.indent = line;
	j.nindent = (size_t)(m1 - line);
	j.sep = m1 + mlen;
	j.nsep = (size_t)(m2 - j.sep);
	j.chunk = fs_xcalloc(nchunks, sizeof(*j.chunk));
	ret = fs_write_all(out, text, (size_t)(m1 - text));
	if (!ret)
		ret = fs_par_ordered(nchunks, rows_make, rows_emit, &j);
	json_object_put(doc);
	for (k = 0; k < nchunks; k++) {
		w.placeholders += j.chunk[k].placeholders;
		w.tres_minutes |= j.chunk[k].tres_minutes;
	}
	free(j.chunk);
	if (!ret) {
		/* The tail, with the warnings the rows gave. */
		doc = frame(&w, release, approx, 1);
		text = json_object_to_json_string_ext(doc, PRETTY);
		text = strstr(text, MARKER_TEXT) + mlen;
		ret = fs_write_all(out, text, strlen(text));
		if (!ret)
			ret = fs_write_all(out, "\n", 1);
		json_object_put(doc);
	}
	if (ret < 0)
		return fs_error(e, 0, "write error");
	return 0;
}

#endif
