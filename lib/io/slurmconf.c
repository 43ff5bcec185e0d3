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

/* ------------------------------------------------------------ the parser */

/* Expand one host list ("n[01-04,7],gpu1", "rack[1-2]-n[01-04]") by
 * calling add() per name: every bracket group of a name multiplies, as in
 * Slurm's host lists. Returns 0, or -1 with e set. */
#define HOSTS_MAX 1000000
#define HOST_NAME 256			/* a name and its '\0' */
struct hosts {
	const char *list;
	unsigned long line, count;
	char name[HOST_NAME];
	int (*add)(void *, const char *, unsigned long, struct fs_err *);
	void *arg;
};

static int
not_hosts(const struct hosts *h, struct fs_err *e)
{
	return fs_error(e, h->line, "not a host list: '%s'", h->list);
}

static int
too_many_hosts(const struct hosts *h, struct fs_err *e)
{
	return fs_error(e, h->line, "host list of more than %d names: "
			"'%.60s%s'", HOSTS_MAX, h->list,
			strlen(h->list) > 60 ? "..." : "");
}

/* k zero-padded to width digits, as "%0*lu" (snprintf was most of the
 * time of a range of 40,000 nodes): its length, or -1 when it and its
 * '\0' do not fit in size bytes. */
static int
put_index(char *out, size_t size, int width, unsigned long k)
{
	char d[24], *p = d + sizeof(d);
	int n, w;

	do
		*--p = (char)('0' + k % 10);
	while ((k /= 10) != 0);
	n = (int)(d + sizeof(d) - p);
	w = width > n ? width : n;
	if ((size_t)w >= size)
		return -1;
	memset(out, '0', (size_t)(w - n));
	memcpy(out + w - n, p, (size_t)n);
	out[w] = '\0';
	return w;
}

/* Names h->name[0..len) followed by every expansion of s..end. */
static int
hosts_item(struct hosts *h, size_t len, const char *s, const char *end,
	   struct fs_err *e)
{
	const char *lb = memchr(s, '[', (size_t)(end - s)), *rb, *r;

	if (!lb) {
		if (len + (size_t)(end - s) >= sizeof(h->name))
			return not_hosts(h, e);
		memcpy(h->name + len, s, (size_t)(end - s));
		h->name[len + (size_t)(end - s)] = '\0';
		if (++h->count > HOSTS_MAX)
			return too_many_hosts(h, e);
		return h->add(h->arg, h->name, h->line, e);
	}
	rb = memchr(lb, ']', (size_t)(end - lb));
	if (!rb || len + (size_t)(lb - s) >= sizeof(h->name))
		return not_hosts(h, e);
	memcpy(h->name + len, s, (size_t)(lb - s));
	len += (size_t)(lb - s);
	for (r = lb + 1; r < rb;) {
		unsigned long lo, hi, k;
		int width = 0;
		char *stop;

		while (r + width < rb && isdigit((unsigned char)r[width]))
			width++;
		errno = 0;
		lo = strtoul(r, &stop, 10);
		if (!width || stop != r + width || errno)
			return not_hosts(h, e);
		hi = lo;
		r = stop;
		if (*r == '-') {
			hi = strtoul(r + 1, &stop, 10);
			if (stop == r + 1 || hi < lo || errno)
				return not_hosts(h, e);
			r = stop;
		}
		if (r < rb && *r != ',')
			return not_hosts(h, e);
		/* Bounded before a name is made: a range of 2^64 names would
		 * never end. */
		if (hi - lo >= HOSTS_MAX - h->count)
			return too_many_hosts(h, e);
		if (*r == ',')
			r++;
		/* Up to hi, which may be ULONG_MAX. */
		for (k = lo;; k++) {
			int n = put_index(h->name + len,
					  sizeof(h->name) - len, width, k);

			if (n < 0)
				return not_hosts(h, e);
			if (hosts_item(h, len + (size_t)n, rb + 1, end, e) < 0)
				return -1;
			if (k == hi)
				break;
		}
	}
	return 0;
}

/* How many names s..end makes (the product of its groups' sizes), at most
 * HOSTS_MAX + 1; what does not parse counts 1 (hosts_item refuses it). */
static unsigned long
hosts_count(const char *s, const char *end)
{
	unsigned long n = 1;

	while ((s = memchr(s, '[', (size_t)(end - s))) != NULL) {
		unsigned long g = 0, lo, hi;
		char *stop;

		for (s++; s < end && *s != ']';) {
			lo = hi = strtoul(s, &stop, 10);
			if (stop == s)
				return n;
			if (*stop == '-')
				hi = strtoul(stop + 1, &stop, 10);
			g += hi >= lo && hi - lo < HOSTS_MAX ? hi - lo + 1
							     : HOSTS_MAX + 1;
			s = stop + (*stop == ',');
		}
		if (g > HOSTS_MAX || n * g > HOSTS_MAX)
			return HOSTS_MAX + 1;
		n *= g ? g : 1;
	}
	return n;
}

/* An item of a host list that is one range, "prefix[lo-hi]suffix" with
 * no digit in prefix and suffix, whose names all fit: what hosts_item
 * would name one by one. */
struct host_range {
	const char *prefix, *suffix;
	size_t plen, slen;
	int width;
	unsigned long lo, hi;
};

/* The digits k is written with. */
static int
ndigits(unsigned long k)
{
	int n = 1;

	while (k >= 10) {
		k /= 10;
		n++;
	}
	return n;
}

static int
no_digit(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Whether s..end is such an item (into r); anything else, well formed or
 * not, is left to hosts_item. */
static int
host_range(const char *s, const char *end, struct host_range *r)
{
	const char *lb = memchr(s, '[', (size_t)(end - s)), *rb, *d, *q;
	int hw;

	if (!lb || !(rb = memchr(lb, ']', (size_t)(end - lb))) ||
	    memchr(rb + 1, '[', (size_t)(end - rb - 1)) ||
	    memchr(rb + 1, ']', (size_t)(end - rb - 1)))
		return 0;
	r->prefix = s;
	r->plen = (size_t)(lb - s);
	r->suffix = rb + 1;
	r->slen = (size_t)(end - rb - 1);
	if (!no_digit(r->prefix, r->plen) || !no_digit(r->suffix, r->slen))
		return 0;
	/* lo-hi, each of 1 to 19 digits (no overflow). */
	for (d = lb + 1; d < rb && isdigit((unsigned char)*d); d++)
		;
	r->width = (int)(d - lb - 1);
	if (!r->width || r->width > 19 || d == rb || *d != '-')
		return 0;
	for (q = d + 1; q < rb && isdigit((unsigned char)*q); q++)
		;
	hw = (int)(q - d - 1);
	if (q != rb || !hw || hw > 19)
		return 0;
	r->lo = strtoul(lb + 1, NULL, 10);
	r->hi = strtoul(d + 1, NULL, 10);
	if (r->hi < r->lo)
		return 0;
	/* Every name and its '\0' fit hosts_item's name. */
	return r->plen + (size_t)(r->width > ndigits(r->hi) ? r->width
			 : ndigits(r->hi)) + r->slen < HOST_NAME;
}

/* hosts_expand with add_range, when not NULL, offered each item that is
 * one range first: it returns 1 when it took the range whole, 0 when the
 * names are to be added one by one. */
static int
hosts_expand(const char *list, unsigned long line, struct fs_err *e,
	     int (*add)(void *, const char *, unsigned long, struct fs_err *),
	     int (*add_range)(void *, const struct host_range *), void *arg)
{
	struct hosts h;
	const char *p = list;

	h.list = list;
	h.line = line;
	h.count = 0;
	h.add = add;
	h.arg = arg;
	while (*p) {
		const char *start = p;
		int in = 0;

		/* One name: up to a comma outside brackets. */
		for (; *p && (*p != ',' || in); p++) {
			if (*p == '[' && in++)
				return not_hosts(&h, e);
			if (*p == ']' && !in--)
				return not_hosts(&h, e);
		}
		if (p == start || in)
			return not_hosts(&h, e);
		/* A product of ranges is bounded before it is made. */
		if (hosts_count(start, p) > HOSTS_MAX - h.count)
			return too_many_hosts(&h, e);
		if (add_range) {
			struct host_range r;

			if (host_range(start, p, &r) && add_range(arg, &r)) {
				h.count += r.hi - r.lo + 1;
				if (*p == ',')
					p++;
				continue;
			}
		}
		if (hosts_item(&h, 0, start, p, e) < 0)
			return -1;
		if (*p == ',')
			p++;
	}
	return 0;
}

struct node_add {
	struct fs_prio_cluster *cl;
	uint32_t cpus;
	double mem;
};

static const char *
node_name(const void *arg, size_t i)
{
	const struct fs_prio_cluster *cl = arg;

	return cl->node_names.data + cl->node[i].name;
}

/* The index of node name, or nnode when there is none. */
static size_t
node_find(const struct fs_prio_cluster *cl, const char *name)
{
	size_t i = fs_names_find(&cl->node_index, name, node_name, cl);

	return i == SIZE_MAX ? cl->nnode : i;
}

/* Node name defined (again: the last definition's CPUs and memory) in
 * node[]. */
static void
node_put(struct fs_prio_cluster *cl, const char *name, uint32_t cpus,
	 double mem)
{
	size_t off = cl->node_names.len, i;

	/* Appended, and dropped again if it was there. */
	FS_GROW(cl->node, cl->nnode, cl->node_cap);
	cl->node[cl->nnode].name = off;
	fs_buf_add(&cl->node_names, name, strlen(name) + 1);
	i = fs_names_put(&cl->node_index, cl->nnode + 1, node_name, cl);
	if (i == cl->nnode)
		cl->nnode++;
	else
		cl->node_names.len = off;
	cl->node[i].cpus = cpus;
	cl->node[i].mem = mem;
}

/* ------------------------------------------ NodeName ranges kept whole */

/* A range of 40,000 nodes is one entry, not 40,000 names in an index: a
 * node is the same node whichever way it is found, and Slurm's rules
 * stay those of node[] (a name defined again takes its last definition's
 * CPUs and memory, and counts once; a partition counts each name it
 * lists). A range is kept whole only while none of its names is in
 * node[] or another range: a range whose names may meet another's (the
 * same key and overlapping numbers), or that meets a name of node[], is
 * added name by name, and a name added that is in a range first puts
 * the ranges of its key into node[] (ranges_expand). Nothing depends on the order
 * of node[]: the partitions' sums are of whole numbers, exact (see
 * fs_prio_conf_parse). */

static const char *
key_name(const void *arg, size_t i)
{
	const struct fs_prio_cluster *cl = arg;

	return cl->key_text.data + cl->key[i].text;
}

/* The key of prefix and suffix, added when add is set; SIZE_MAX when
 * there is none. */
static size_t
key_find(struct fs_prio_cluster *cl, const char *p, size_t plen,
	 const char *s, size_t slen, int add)
{
	char k[2 * 256 + 2];
	size_t i;

	if (plen + slen + 2 > sizeof(k))
		return SIZE_MAX;
	memcpy(k, p, plen);
	k[plen] = '\n';
	memcpy(k + plen + 1, s, slen);
	k[plen + 1 + slen] = '\0';
	i = fs_names_find(&cl->key_index, k, key_name, cl);
	if (i != SIZE_MAX || !add)
		return i;
	FS_GROW(cl->key, cl->nkey, cl->key_cap);
	cl->key[cl->nkey].text = cl->key_text.len;
	cl->key[cl->nkey].first = SIZE_MAX;
	cl->key[cl->nkey].nrange = 0;
	cl->key[cl->nkey].has_node = 0;
	fs_buf_add(&cl->key_text, k, plen + slen + 2);
	fs_names_add(&cl->key_index, ++cl->nkey, key_name, cl);
	return cl->nkey - 1;
}

/* The one run of digits of name, [*a, *b): 0 when it has none or more. */
static int
one_digit_run(const char *name, size_t *a, size_t *b)
{
	const char *p = name, *d;

	while (*p && !isdigit((unsigned char)*p))
		p++;
	if (!*p)
		return 0;
	for (d = p; isdigit((unsigned char)*d); d++)
		;
	*a = (size_t)(p - name);
	*b = (size_t)(d - name);
	for (; *d; d++)
		if (isdigit((unsigned char)*d))
			return 0;
	return 1;
}

/* The key of a node[] name, marked. */
static void
mark_node_key(struct fs_prio_cluster *cl, const char *name)
{
	size_t a, b, k;

	if (one_digit_run(name, &a, &b) &&
	    (k = key_find(cl, name, a, name + b, strlen(name + b), 1)) !=
	    SIZE_MAX)
		cl->key[k].has_node = 1;
}

/* Whether the n digits d name a number of range r, as r writes it. */
static int
range_has(const struct fs_prio_noderange *r, const char *d, size_t n)
{
	unsigned long v = 0;
	size_t i;

	if (n > 19)
		return 0;
	for (i = 0; i < n; i++)
		v = v * 10 + (unsigned long)(d[i] - '0');
	return v >= r->lo && v <= r->hi &&
	       n == (size_t)(r->width > ndigits(v) ? r->width : ndigits(v));
}

/* The range that has name, or SIZE_MAX. */
static size_t
range_of(struct fs_prio_cluster *cl, const char *name)
{
	size_t a, b, k, r;

	if (!cl->nrange || !one_digit_run(name, &a, &b) ||
	    (k = key_find(cl, name, a, name + b, strlen(name + b), 0)) ==
	    SIZE_MAX)
		return SIZE_MAX;
	for (r = cl->key[k].first; r != SIZE_MAX; r = cl->range[r].next)
		if (range_has(&cl->range[r], name + a, b - a))
			return r;
	return SIZE_MAX;
}

/* The ranges of key k into node[], name by name, or every range when k is
 * SIZE_MAX: the key's later names go name by name too. */
static void
ranges_expand(struct fs_prio_cluster *cl, size_t k)
{
	size_t i, plen;
	char name[HOST_NAME];

	for (i = 0; i < cl->nrange; i++) {
		struct fs_prio_noderange *r = &cl->range[i];
		const char *t = key_name(cl, r->key), *nl = strchr(t, '\n');
		unsigned long v;

		if (r->expanded || (k != SIZE_MAX && r->key != k))
			continue;
		plen = (size_t)(nl - t);
		memcpy(name, t, plen);
		for (v = r->lo;; v++) {
			int n = put_index(name + plen, sizeof(name) - plen,
					  r->width, v);

			/* It fits: host_range checked. */
			memcpy(name + plen + n, nl + 1, strlen(nl + 1) + 1);
			node_put(cl, name, r->cpus, r->mem);
			if (v == r->hi)
				break;
		}
		r->expanded = 1;
		cl->key[r->key].first = SIZE_MAX;
		cl->key[r->key].nrange = 0;
		cl->key[r->key].has_node = 1;
	}
}

/* A NodeName name, one by one. */
static int
node_add(void *arg, const char *name, unsigned long line, struct fs_err *e)
{
	struct node_add *a = arg;
	struct fs_prio_cluster *cl = a->cl;
	size_t r;

	(void)line;
	(void)e;
	if ((r = range_of(cl, name)) != SIZE_MAX)
		ranges_expand(cl, cl->range[r].key);
	if (cl->keys_of_nodes)
		mark_node_key(cl, name);
	node_put(cl, name, a->cpus, a->mem);
	return 0;
}

/* Longest chain of ranges of one key: a longer one is added name by name
 * (the chain is walked for each range added and name looked up). */
#define KEY_RANGES 8

/* A NodeName range, whole when it meets no other node (hosts_expand's
 * add_range). */
static int
node_add_range(void *arg, const struct host_range *hr)
{
	struct node_add *a = arg;
	struct fs_prio_cluster *cl = a->cl;
	struct fs_prio_noderange *r;
	size_t k, i;

	if (!cl->keys_of_nodes) {
		for (i = 0; i < cl->nnode; i++)
			mark_node_key(cl, node_name(cl, i));
		cl->keys_of_nodes = 1;
	}
	k = key_find(cl, hr->prefix, hr->plen, hr->suffix, hr->slen, 1);
	if (k == SIZE_MAX || cl->key[k].has_node ||
	    cl->key[k].nrange >= KEY_RANGES)
		return 0;
	for (i = cl->key[k].first; i != SIZE_MAX; i = cl->range[i].next)
		if (hr->lo <= cl->range[i].hi && cl->range[i].lo <= hr->hi)
			return 0;
	FS_GROW(cl->range, cl->nrange, cl->range_cap);
	r = &cl->range[cl->nrange];
	r->key = k;
	r->next = cl->key[k].first;
	r->width = hr->width;
	r->lo = hr->lo;
	r->hi = hr->hi;
	r->cpus = a->cpus;
	r->mem = a->mem;
	r->expanded = 0;
	cl->key[k].first = cl->nrange++;
	cl->key[k].nrange++;
	return 1;
}

struct part_add {
	struct fs_prio_cluster *cl;
	struct fs_prio_part *p;
	size_t next;			/* the node after the last one found */
};

static int
part_node_add(void *arg, const char *name, unsigned long line,
	      struct fs_err *e)
{
	struct part_add *a = arg;
	/* A partition names its nodes mostly in the order NodeName lines
	 * defined them: the next one is tried before the index. */
	size_t i = a->next < a->cl->nnode &&
		!strcmp(node_name(a->cl, a->next), name) ? a->next
		: node_find(a->cl, name), r;

	if (i == a->cl->nnode) {
		if ((r = range_of(a->cl, name)) == SIZE_MAX)
			return fs_error(e, line, "partition '%s': node '%s' "
					"is not defined by any NodeName line",
					a->p->name, name);
		a->p->node_count++;
		a->p->cpus += a->cl->range[r].cpus;
		a->p->mem += a->cl->range[r].mem;
		if (a->cl->range[r].mem > a->p->max_mem)
			a->p->max_mem = a->cl->range[r].mem;
		return 0;
	}
	a->next = i + 1;
	a->p->node_count++;
	a->p->cpus += a->cl->node[i].cpus;
	a->p->mem += a->cl->node[i].mem;
	if (a->cl->node[i].mem > a->p->max_mem)
		a->p->max_mem = a->cl->node[i].mem;
	return 0;
}

/* n nodes of range r into partition p, as n calls of part_node_add: the
 * sums are of whole numbers below 2^53, exact in any order. */
static void
part_range_sum(struct fs_prio_part *p, const struct fs_prio_noderange *r,
	       unsigned long n)
{
	p->node_count += (uint32_t)n;
	p->cpus += (uint32_t)n * r->cpus;
	p->mem += (double)n * r->mem;
	if (n && r->mem > p->max_mem)
		p->max_mem = r->mem;
}

/* A partition's range of nodes, whole when one range has them all
 * (hosts_expand's add_range). */
static int
part_range_add(void *arg, const struct host_range *hr)
{
	struct part_add *a = arg;
	struct fs_prio_cluster *cl = a->cl;
	size_t k, i;

	if (!cl->nrange || (k = key_find(cl, hr->prefix, hr->plen, hr->suffix,
					 hr->slen, 0)) == SIZE_MAX)
		return 0;
	for (i = cl->key[k].first; i != SIZE_MAX; i = cl->range[i].next) {
		const struct fs_prio_noderange *r = &cl->range[i];

		/* The same names: the same width, or both widths within
		 * the digits of the smallest number. */
		if (r->lo <= hr->lo && hr->hi <= r->hi &&
		    (r->width == hr->width ||
		     (r->width <= ndigits(hr->lo) &&
		      hr->width <= ndigits(hr->lo)))) {
			part_range_sum(a->p, r, hr->hi - hr->lo + 1);
			return 1;
		}
	}
	return 0;
}

static int
parse_u32(const char *key, const char *v, uint32_t *out, unsigned long line,
	  struct fs_err *e)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(v, &end, 10);
	if (!*v || *end || errno || x > 0xffffffffULL || *v == '-')
		return fs_error(e, line, "%s: not a whole number from 0 to "
				"4294967295: '%s'", key, v);
	*out = (uint32_t)x;
	return 0;
}

/* A time in minutes for MaxTime/DefaultTime (INFINITE/UNLIMITED allowed). */
static int
parse_minutes(const char *key, const char *v, uint32_t *out,
	      unsigned long line, struct fs_err *e)
{
	long long s;
	int form;
	struct fs_err te = {NULL, 0, ""};

	if (!strcasecmp(v, "INFINITE") || !strcasecmp(v, "UNLIMITED")) {
		*out = FS_INFINITE;
		return 0;
	}
	if (fs_parse_duration(v, &s, &form, &te) < 0 || !form)
		return fs_error(e, line, "%s: not a time: '%s' (slurm.conf's "
				"minutes, M:S, H:M:S, D-H, D-H:M or D-H:M:S)",
				key, v);
	*out = (uint32_t)((s + 59) / 60);
	return 0;
}

/* Split one logical line into key=value pairs in place. */
static size_t
split_pairs(char *s, char **key, char **val, size_t max)
{
	size_t n = 0;

	while (*s && n < max) {
		char *k;

		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		k = s;
		while (*s && !isspace((unsigned char)*s) && *s != '=')
			s++;
		key[n] = k;
		val[n] = NULL;
		if (*s == '=') {
			*s++ = '\0';
			if (*s == '"') {
				val[n] = ++s;
				while (*s && *s != '"')
					s++;
			} else {
				val[n] = s;
				while (*s && !isspace((unsigned char)*s))
					s++;
			}
		}
		if (*s)
			*s++ = '\0';
		n++;
	}
	return n;
}

int
fs_prio_conf_parse(struct fs_prio_conf *c, struct fs_prio_cluster *cl,
		   char *text, struct fs_err *e)
{
	char *line = text, *next;
	unsigned long lineno = 0, first;
	uint32_t def_cpus = 1;
	double def_mem = 1;
	int mem_said = 0;		/* a NodeName line gives RealMemory */
	struct fs_prio_part def_part;
	char *def_billing = NULL;	/* PartitionName=DEFAULT's */
	char *tres = NULL, *flags = NULL;
	unsigned long tres_line = 0, flags_line = 0;
	int ret = 0;
	size_t i;

	memset(&def_part, 0, sizeof(def_part));
	def_part.job_factor = 1;
	def_part.tier = 1;
	def_part.max_time = FS_INFINITE;
	def_part.default_time = FS_NO_VAL;
	for (; line && *line && !ret; line = next) {
		char *key[64], *val[64], *p, *w;
		size_t n, k;

		/* One logical line: '\' before a newline continues it. */
		first = ++lineno;
		for (p = w = line;; p++) {
			if (*p == '\\' && p[1] == '\n') {
				p++;
				lineno++;
				continue;
			}
			if (!*p || *p == '\n')
				break;
			*w++ = *p;
		}
		next = *p ? p + 1 : NULL;
		*w = '\0';
		if ((p = strchr(line, '#')))
			*p = '\0';
		n = split_pairs(line, key, val, 64);
		if (!n)
			continue;
		if (!val[0]) {
			ret = fs_error(e, first, "expected KEY=VALUE, not '%s'",
				       key[0]);
			break;
		}
		if (!strcasecmp(key[0], "NodeName")) {
			struct node_add a = {cl, def_cpus, def_mem};
			uint32_t sockets = 1, cores = 1, threads = 1, boards = 1;
			int have_cpus = 0;

			for (k = 1; k < n && !ret; k++) {
				const char *v = val[k] ? val[k] : "";

				if (!strcasecmp(key[k], "CPUs") ||
				    !strcasecmp(key[k], "Procs")) {
					ret = parse_u32(key[k], v, &a.cpus,
							first, e);
					have_cpus = 1;
				} else if (!strcasecmp(key[k], "Sockets"))
					ret = parse_u32(key[k], v, &sockets,
							first, e);
				else if (!strcasecmp(key[k], "Boards"))
					ret = parse_u32(key[k], v, &boards,
							first, e);
				else if (!strcasecmp(key[k], "CoresPerSocket"))
					ret = parse_u32(key[k], v, &cores,
							first, e);
				else if (!strcasecmp(key[k], "ThreadsPerCore"))
					ret = parse_u32(key[k], v, &threads,
							first, e);
				else if (!strcasecmp(key[k], "RealMemory")) {
					uint32_t m;

					ret = parse_u32(key[k], v, &m, first, e);
					a.mem = m;
					mem_said = 1;
				}
			}
			if (ret)
				break;
			if (!have_cpus && (sockets > 1 || cores > 1 ||
					   threads > 1 || boards > 1))
				a.cpus = boards * sockets * cores * threads;
			if (!strcasecmp(val[0], "DEFAULT")) {
				def_cpus = a.cpus;
				def_mem = a.mem;
				continue;
			}
			ret = hosts_expand(val[0], first, e, node_add,
					   node_add_range, &a);
		} else if (!strcasecmp(key[0], "PartitionName")) {
			struct fs_prio_part part = def_part;
			const char *nodes = NULL, *billing = NULL;

			for (k = 1; k < n && !ret; k++) {
				const char *v = val[k] ? val[k] : "";

				if (!strcasecmp(key[k], "PriorityJobFactor"))
					ret = parse_u32(key[k], v,
							&part.job_factor,
							first, e);
				else if (!strcasecmp(key[k], "PriorityTier"))
					ret = parse_u32(key[k], v, &part.tier,
							first, e);
				else if (!strcasecmp(key[k], "Priority")) {
					/* The old name sets both. */
					ret = parse_u32(key[k], v,
							&part.job_factor,
							first, e);
					part.tier = part.job_factor;
				}
				else if (!strcasecmp(key[k], "MaxTime"))
					ret = parse_minutes(key[k], v,
							    &part.max_time,
							    first, e);
				else if (!strcasecmp(key[k], "DefaultTime"))
					ret = parse_minutes(key[k], v,
							    &part.default_time,
							    first, e);
				else if (!strcasecmp(key[k], "Nodes"))
					nodes = v;
				else if (!strcasecmp(key[k],
						     "TRESBillingWeights"))
					billing = v;
				else if (!strcasecmp(key[k], "Default"))
					part.is_default =
						!strcasecmp(v, "YES");
			}
			if (!ret && part.job_factor > 65535)
				ret = fs_error(e, first, "PriorityJobFactor: "
					       "not from 0 to 65535: '%u'",
					       part.job_factor);
			if (ret)
				break;
			if (billing) {
				/* Checked here, where its line is known. */
				struct fs_prio_conf w;

				memset(&w, 0, sizeof(w));
				if (fs_prio_parse_billing_weights(&w, billing,
								  e) < 0) {
					e->line = first;
					ret = -1;
					break;
				}
			}
			if (!strcasecmp(val[0], "DEFAULT")) {
				def_part = part;
				def_part.nodes = NULL;
				if (billing) {
					free(def_billing);
					def_billing = fs_xstrdup(billing);
				}
				continue;
			}
			if (fs_prio_part_find(cl, val[0])) {
				ret = fs_error(e, first, "partition '%s' is "
					       "defined twice", val[0]);
				break;
			}
			part.name = fs_xstrdup(val[0]);
			part.nodes = fs_xstrdup(nodes ? nodes : "");
			part.billing = billing ? fs_xstrdup(billing)
				       : def_billing ? fs_xstrdup(def_billing)
						     : NULL;
			part.line = first;
			cl->part = fs_xreallocarray(cl->part, cl->npart + 1,
						    sizeof(*cl->part));
			cl->part[cl->npart++] = part;
		} else for (k = 0; k < n && !ret; k++) {
			/* Other lines may hold several settings. */
			const char *v = val[k];

			if (!v)
				ret = fs_error(e, first, "expected KEY=VALUE, "
					       "not '%s'", key[k]);
			else if (!strcasecmp(key[k], "ClusterName")) {
				free(cl->cluster);
				cl->cluster = fs_xstrdup(v);
			} else if (!strcasecmp(key[k], "PriorityType"))
				c->type_multifactor =
					!strcasecmp(v, "priority/multifactor");
			else if (!strcasecmp(key[k], "PriorityWeightAge"))
				ret = parse_u32(key[k], v, &c->w_age, first, e);
			else if (!strcasecmp(key[k], "PriorityWeightAssoc"))
				ret = parse_u32(key[k], v, &c->w_assoc, first,
						e);
			else if (!strcasecmp(key[k], "PriorityWeightFairshare"))
				ret = parse_u32(key[k], v, &c->w_fs, first, e);
			else if (!strcasecmp(key[k], "PriorityWeightJobSize"))
				ret = parse_u32(key[k], v, &c->w_js, first, e);
			else if (!strcasecmp(key[k], "PriorityWeightPartition"))
				ret = parse_u32(key[k], v, &c->w_part, first,
						e);
			else if (!strcasecmp(key[k], "PriorityWeightQOS"))
				ret = parse_u32(key[k], v, &c->w_qos, first, e);
			else if (!strcasecmp(key[k], "PriorityWeightTRES")) {
				free(tres);
				tres = fs_xstrdup(v);
				tres_line = first;
			} else if (!strcasecmp(key[k], "PriorityFlags")) {
				free(flags);
				flags = fs_xstrdup(v);
				flags_line = first;
			} else if (!strcasecmp(key[k], "PriorityFavorSmall"))
				c->favor_small = !strcasecmp(v, "YES");
			else if (!strcasecmp(key[k], "PriorityMaxAge")) {
				uint32_t m;

				ret = parse_minutes(key[k], v, &m, first, e);
				if (!ret && m == FS_INFINITE)
					ret = fs_error(e, first, "PriorityMaxAge: "
						       "not a finite time: '%s'",
						       v);
				c->max_age = m * 60;
			} else if (!strcasecmp(key[k],
					       "FairShareDampeningFactor")) {
				ret = parse_u32(key[k], v, &c->dampening,
						first, e);
				if (!ret && (c->dampening < 1 ||
					     c->dampening > 65535))
					ret = fs_error(e, first,
						       "FairShareDampeningFactor: "
						       "not from 1 to 65535: '%s'",
						       v);
			}
		}
	}
	if (!ret && flags) {
		struct fs_err fe = {NULL, 0, ""};

		if (fs_prio_parse_flags(flags, &c->flags, &fe) < 0)
			ret = fs_error(e, flags_line, "%s", fe.msg);
	}
	if (!ret && tres) {
		struct fs_err te = {NULL, 0, ""};

		if (fs_prio_parse_tres_weights(c, tres, &te) < 0)
			ret = fs_error(e, tres_line, "%s", te.msg);
	}
	free(flags);
	free(def_billing);
	free(tres);
	/* A list names at most HOSTS_MAX nodes, of at most 2^32-1 MB each:
	 * its memory is a sum of whole numbers below 2^53, exact in any
	 * order. All the nodes may be more: when their memory could reach
	 * 2^53, they are summed in node[]'s order, every range in it. */
	if (cl->nrange) {
		long double all = 0;

		for (i = 0; i < cl->nnode; i++)
			all += cl->node[i].mem;
		for (i = 0; i < cl->nrange; i++)
			if (!cl->range[i].expanded)
				all += (long double)(cl->range[i].hi -
						     cl->range[i].lo + 1) *
				       cl->range[i].mem;
		if (all >= 9007199254740992.0L)
			ranges_expand(cl, SIZE_MAX);
	}
	/* Partitions' sizes, now that every node is known. */
	for (i = 0; i < cl->npart && !ret; i++) {
		struct fs_prio_part *p = &cl->part[i];
		struct part_add a = {cl, p, 0};
		size_t k;

		if (!strcasecmp(p->nodes, "ALL")) {
			for (k = 0; k < cl->nnode; k++)
				part_node_add(&a, node_name(cl, k), p->line,
					      e);
			for (k = 0; k < cl->nrange; k++)
				if (!cl->range[k].expanded)
					part_range_sum(p, &cl->range[k],
						       cl->range[k].hi -
						       cl->range[k].lo + 1);
		} else if (*p->nodes)
			ret = hosts_expand(p->nodes, p->line, e, part_node_add,
					   part_range_add, &a);
		/* Its largest node is a limit only where slurm.conf says
		 * how much memory nodes have (Slurm's default is 1 MB). */
		if (!mem_said)
			p->max_mem = 0;
	}
	cl->nodes = (uint32_t)cl->nnode;
	cl->cpus = 0;
	for (i = 0; i < cl->nnode; i++)
		cl->cpus += cl->node[i].cpus;
	for (i = 0; i < cl->nrange; i++) {
		unsigned long n = cl->range[i].hi - cl->range[i].lo + 1;

		if (cl->range[i].expanded)
			continue;
		cl->nodes += (uint32_t)n;
		cl->cpus += (uint32_t)n * cl->range[i].cpus;
	}
	c->nodes = cl->nodes;
	c->cpus = cl->cpus;
	for (i = 0; i < cl->npart; i++)
		if (cl->part[i].job_factor > cl->part_max)
			cl->part_max = cl->part[i].job_factor;
	return ret;
}

int
fs_prio_conf_load(struct fs_prio_snapshot *s, const char *path,
		  const char *set, size_t len, char **where, struct fs_err *e)
{
	struct fs_conf c;
	size_t i;
	int ret;

	fs_conf_init(&c);
	e->file = NULL;
	ret = path ? fs_conf_read(&c, path, e) : 0;
	/* --set lines follow the file's (Include lines in them too). */
	if (ret == 0)
		ret = fs_conf_add(&c, "--set", set ? set : "", len, 0, e);
	if (ret == 0) {
		fs_buf_addstr(&c.text, "");	/* allocated, even if empty */
		e->file = path;
		ret = fs_prio_conf_parse(&s->conf, &s->cl, c.text.data, e);
		fs_conf_locate(&c, e);
	}
	/* Messages outlive the text: the file they name is kept. */
	if (ret < 0 && e->file)
		e->file = *where = fs_xstrdup(e->file);
	fs_conf_release(&c);
	if (ret < 0)
		return -1;
	e->file = NULL;
	if (s->conf.nodes == 0 && s->conf.w_js)
		return fs_error(e, 0, "PriorityWeightJobSize is set but no "
				"NodeName line says how big the cluster is "
				"(add one with --set 'NodeName=n[1-4] "
				"CPUs=64')");
	s->part_tres = fs_xcalloc(s->cl.npart + 1, sizeof(*s->part_tres));
	for (i = 0; i < s->cl.npart; i++)
		fs_prio_part_tres(&s->conf, &s->cl.part[i], s->part_tres[i]);
	return 0;
}
