/*
 * prio.c: Slurm's multifactor job priority (docs/slurm.md §5), and the
 * priority settings of slurm.conf.
 *
 * The formula, as _get_priority_internal and set_priority_factors compute
 * it in priority/multifactor: every factor is a double from 0 to 1 (or a
 * raw value under a NO_NORMAL_* flag), multiplied by its uint32 weight; the
 * weighted factors are summed in a fixed order with the TRES terms and the
 * site factor less nice, the sum is raised to 1 when below it, cut to
 * 2^32-1 when above, and truncated to uint32. Everything here is pure.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fs.h"

void
fs_prio_conf_init(struct fs_prio_conf *c)
{
	memset(c, 0, sizeof(*c));
	c->max_age = 7 * 86400;	/* PriorityMaxAge's default, 7-0 */
	c->type_multifactor = 1;
}

/* ---------------------------------------------------------------- flags */

static const struct {
	const char *name;
	uint32_t bits;
} flag_names[] = {
	{"ACCRUE_ALWAYS", FS_PRIO_ACCRUE_ALWAYS},
	{"MAX_TRES", FS_PRIO_MAX_TRES},
	{"SMALL_RELATIVE_TO_TIME", FS_PRIO_SIZE_RELATIVE},
	{"DEPTH_OBLIVIOUS", FS_PRIO_DEPTH_OBLIVIOUS},
	{"CALCULATE_RUNNING", FS_PRIO_CALCULATE_RUNNING},
	{"FAIR_TREE", 0},
	{"NO_FAIR_TREE", FS_PRIO_NO_FAIR_TREE},
	{"INCR_ONLY", FS_PRIO_INCR_ONLY},
	{"NO_NORMAL_ASSOC", FS_PRIO_NO_NORMAL_ASSOC},
	{"NO_NORMAL_PART", FS_PRIO_NO_NORMAL_PART},
	{"NO_NORMAL_QOS", FS_PRIO_NO_NORMAL_QOS},
	{"NO_NORMAL_TRES", FS_PRIO_NO_NORMAL_TRES},
	{"NO_NORMAL_ALL", FS_PRIO_NO_NORMAL_ASSOC | FS_PRIO_NO_NORMAL_PART |
	 FS_PRIO_NO_NORMAL_QOS | FS_PRIO_NO_NORMAL_TRES},
};

int
fs_prio_parse_flags(const char *s, uint32_t *flags, struct fs_err *e)
{
	char *copy = fs_xstrdup(s), *tok, *save = NULL;
	size_t i;
	int ret = 0;

	*flags = 0;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < sizeof(flag_names) / sizeof(*flag_names); i++)
			if (!strcasecmp(tok, flag_names[i].name))
				break;
		if (i == sizeof(flag_names) / sizeof(*flag_names))
			ret = fs_error(e, 0, "PriorityFlags: unknown flag "
				       "'%s' (known: ACCRUE_ALWAYS, "
				       "SMALL_RELATIVE_TO_TIME, NO_FAIR_TREE, "
				       "DEPTH_OBLIVIOUS, INCR_ONLY, MAX_TRES, "
				       "CALCULATE_RUNNING, NO_NORMAL_ASSOC, "
				       "NO_NORMAL_PART, NO_NORMAL_QOS, "
				       "NO_NORMAL_TRES, NO_NORMAL_ALL)", tok);
		else
			*flags |= flag_names[i].bits;
	}
	free(copy);
	return ret;
}

enum fs_algorithm
fs_prio_algorithm(uint32_t flags)
{
	if (flags & FS_PRIO_DEPTH_OBLIVIOUS)
		return FS_ALG_DEPTH_OBLIVIOUS;
	if (flags & FS_PRIO_NO_FAIR_TREE)
		return FS_ALG_CLASSIC;
	return FS_ALG_FAIRTREE;
}

/* ----------------------------------------------------------------- TRES */

/* Slurm's fixed TRES ids (cpu 1 ... pages 8): the controller sums the TRES
 * terms in id order, so the weights are kept in that order. */
static const char *const tres_fixed[] = {
	"cpu", "mem", "energy", "node", "billing", "fs/disk", "vmem", "pages"
};

static int
tres_rank(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(tres_fixed) / sizeof(*tres_fixed); i++)
		if (!strcasecmp(name, tres_fixed[i]))
			return (int)i;
	return (int)(sizeof(tres_fixed) / sizeof(*tres_fixed));
}

/* mem and bb count megabytes; other TRES count units. */
static int
tres_base_mega(const char *name)
{
	return !strcasecmp(name, "mem") || !strncasecmp(name, "bb", 2);
}

static int
unit_power(char u)
{
	static const char units[] = "KMGTP";
	const char *p = strchr(units, toupper((unsigned char)u));

	return p && u ? (int)(p - units) + 1 : -1;
}

int
fs_prio_tres_index(const struct fs_prio_conf *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->ntres; i++)
		if (!strcasecmp(c->tres_name[i], name))
			return (int)i;
	return -1;
}

int
fs_prio_parse_tres_weights(struct fs_prio_conf *c, const char *s,
			   struct fs_err *e)
{
	char *copy = fs_xstrdup(s), *tok, *save = NULL, *eq, *end;
	int ret = 0;

	c->ntres = 0;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		double w;
		size_t i;
		int k;

		eq = strchr(tok, '=');
		if (!eq || eq == tok || !eq[1]) {
			ret = fs_error(e, 0, "PriorityWeightTRES: expected "
				       "NAME=WEIGHT, not '%s'", tok);
			break;
		}
		*eq = '\0';
		errno = 0;
		w = strtod(eq + 1, &end);
		if (errno || end == eq + 1 || w < 0 || !isfinite(w) ||
		    (*end && (end[1] || unit_power(*end) < 0))) {
			ret = fs_error(e, 0, "PriorityWeightTRES: '%s': not a "
				       "weight: '%s'", tok, eq + 1);
			break;
		}
		/* A unit divides the weight: Mem=1G weighs each MB 1/1024
		 * (Slurm's get_convert_unit_val from the TRES base unit). */
		if (*end) {
			int p = unit_power(*end) - (tres_base_mega(tok) ? 2 : 0);

			for (; p > 0; p--)
				w /= 1024;
		}
		if (fs_prio_tres_index(c, tok) >= 0) {
			ret = fs_error(e, 0, "PriorityWeightTRES: '%s' given "
				       "twice", tok);
			break;
		}
		if (c->ntres == FS_PRIO_TRES_MAX) {
			ret = fs_error(e, 0, "PriorityWeightTRES: more than %d "
				       "TRES", FS_PRIO_TRES_MAX);
			break;
		}
		/* Insert in Slurm's id order (names as Slurm prints them). */
		k = tres_rank(tok);
		for (i = c->ntres; i > 0 && tres_rank(c->tres_name[i - 1]) > k;
		     i--) {
			memcpy(c->tres_name[i], c->tres_name[i - 1],
			       sizeof(c->tres_name[i]));
			c->tres_weight[i] = c->tres_weight[i - 1];
		}
		snprintf(c->tres_name[i], sizeof(c->tres_name[i]), "%s", tok);
		for (end = c->tres_name[i]; *end; end++)
			*end = (char)tolower((unsigned char)*end);
		c->tres_weight[i] = w;
		c->ntres++;
	}
	free(copy);
	return ret;
}

int
fs_prio_parse_tres_counts(const struct fs_prio_conf *c, const char *s,
			  double *v, struct fs_err *e)
{
	char *copy = fs_xstrdup(s), *tok, *save = NULL, *eq, *end;
	int ret = 0;
	size_t i;

	for (i = 0; i < c->ntres; i++)
		v[i] = 0;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		double x;
		int k;

		eq = strchr(tok, '=');
		if (!eq || eq == tok) {
			ret = fs_error(e, 0, "TRES: expected NAME=COUNT, not "
				       "'%s'", tok);
			break;
		}
		*eq = '\0';
		errno = 0;
		x = strtod(eq + 1, &end);
		if (errno || end == eq + 1 || x < 0 || !isfinite(x) ||
		    (*end && (end[1] || unit_power(*end) < 0))) {
			ret = fs_error(e, 0, "TRES '%s': not a count: '%s'",
				       tok, eq + 1);
			break;
		}
		if (*end) {
			int p = unit_power(*end) - (tres_base_mega(tok) ? 2 : 0);

			for (; p > 0; p--)
				x *= 1024;
			for (; p < 0; p++)
				x /= 1024;
		}
		if ((k = fs_prio_tres_index(c, tok)) >= 0)
			v[k] = x;
	}
	free(copy);
	return ret;
}

/* -------------------------------------------------------------- formula */

void
fs_prio_compute(const struct fs_prio_conf *c, const struct fs_prio_job *j,
		long long now, struct fs_prio_factors *f)
{
	double prio;
	size_t i;

	memset(f, 0, sizeof(*f));

	/* Age: seconds since accrue_time as uint32, capped at max_age. */
	if (c->w_age && j->accrue) {
		uint32_t diff = 0;

		if (now > j->accrue)
			diff = (uint32_t)(now - j->accrue);
		f->age = diff < c->max_age ? (double)diff / (double)c->max_age
					   : 1.0;
	}

	if (c->w_fs)
		f->fs = j->fs;

	if (c->w_js) {
		uint32_t cpus = 0, nodes = j->min_nodes;
		double nn = c->nodes, cc = c->cpus;

		if (j->total_cpus)
			cpus = j->total_cpus;
		else if (j->max_cpus != FS_NO_VAL)
			cpus = j->max_cpus;
		else if (j->min_cpus)
			cpus = j->min_cpus;
		if (c->flags & FS_PRIO_SIZE_RELATIVE) {
			uint32_t limit = 1;

			f->js = (double)nodes * cc / nn;
			if (cpus > f->js)
				f->js = cpus;
			if (j->time_limit != FS_NO_VAL)
				limit = j->time_limit;
			else if (j->part_max_time)
				limit = j->part_max_time;
			f->js /= limit;
			f->js /= cc;
			if (c->favor_small)
				f->js = 1.0 - f->js;
		} else if (c->favor_small) {
			f->js = (double)(c->nodes - nodes) / nn;
			if (cpus) {
				f->js += (double)(c->cpus - cpus) / cc;
				f->js /= 2;
			}
		} else {
			f->js = (double)nodes / nn;
			if (cpus) {
				f->js += (double)cpus / cc;
				f->js /= 2;
			}
		}
		/* NaN (no nodes configured) stays as Slurm leaves it. */
		if (f->js < 0.0)
			f->js = 0.0;
		else if (f->js > 1.0)
			f->js = 1.0;
	}

	if (j->part_factor && c->w_part)
		f->part = (c->flags & FS_PRIO_NO_NORMAL_PART) ? j->part_factor
			: (j->part_max ? (double)j->part_factor /
			   (double)j->part_max : 0.0);

	if (c->w_assoc)
		f->assoc = (c->flags & FS_PRIO_NO_NORMAL_ASSOC) ? j->assoc_prio
			: (j->assoc_max ? (double)j->assoc_prio /
			   (double)j->assoc_max : 0.0);

	if (j->qos_prio && c->w_qos)
		f->qos = (c->flags & FS_PRIO_NO_NORMAL_QOS) ? j->qos_prio
			: (j->qos_max ? (double)j->qos_prio /
			   (double)j->qos_max : 0.0);

	for (i = 0; i < c->ntres; i++) {
		double v = j->tres_value[i];

		if (c->flags & FS_PRIO_NO_NORMAL_TRES)
			f->tres[i] = v;
		else if (v && j->tres_part[i])
			f->tres[i] = v / j->tres_part[i];
		f->w_tres[i] = f->tres[i] * c->tres_weight[i];
		f->tres_sum += f->w_tres[i];
	}

	f->w_age = f->age * (double)c->w_age;
	f->w_assoc = f->assoc * (double)c->w_assoc;
	f->w_fs = f->fs * (double)c->w_fs;
	f->w_js = f->js * (double)c->w_js;
	f->w_part = f->part * (double)c->w_part;
	f->w_qos = f->qos * (double)c->w_qos;

	prio = f->w_age + f->w_assoc + f->w_fs + f->w_js + f->w_part
		+ f->w_qos + f->tres_sum + (double)j->site - (double)j->nice;
	f->sum = prio;
	if (prio < 1) {
		prio = 1;
		f->clamped = -1;
	}
	/* (uint64)prio as Slurm casts it: a sum past 2^64 is cut too. */
	if (prio >= 18446744073709551616.0 ||
	    (uint64_t)prio > 0xffffffffu) {
		prio = 4294967295.0;
		f->clamped = 1;
	}
	f->priority = (uint32_t)prio;
}

/* ------------------------------------------------------------ slurm.conf */

void
fs_prio_cluster_init(struct fs_prio_cluster *cl)
{
	memset(cl, 0, sizeof(*cl));
}

void
fs_prio_cluster_release(struct fs_prio_cluster *cl)
{
	size_t i;

	for (i = 0; i < cl->npart; i++) {
		free(cl->part[i].name);
		free(cl->part[i].nodes);
	}
	free(cl->part);
	for (i = 0; i < cl->nnode; i++)
		free(cl->node[i].name);
	free(cl->node);
	fs_names_release(&cl->node_index);
	free(cl->cluster);
	memset(cl, 0, sizeof(*cl));
}

const struct fs_prio_part *
fs_prio_part_find(const struct fs_prio_cluster *cl, const char *name)
{
	size_t i;

	for (i = 0; i < cl->npart; i++)
		if (!strcmp(cl->part[i].name, name))
			return &cl->part[i];
	return NULL;
}

/* Expand one host list ("n[01-04,7],gpu1", "rack[1-2]-n[01-04]") by
 * calling add() per name: every bracket group of a name multiplies, as in
 * Slurm's host lists. Returns 0, or -1 with e set. */
#define HOSTS_MAX 1000000
struct hosts {
	const char *list;
	unsigned long line, count;
	char name[256];
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
			int n = snprintf(h->name + len, sizeof(h->name) - len,
					 "%0*lu", width, k);

			if (n < 0 || (size_t)n >= sizeof(h->name) - len)
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

static int
hosts_expand(const char *list, unsigned long line, struct fs_err *e,
	     int (*add)(void *, const char *, unsigned long, struct fs_err *),
	     void *arg)
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
	return ((const struct fs_prio_cluster *)arg)->node[i].name;
}

/* The index of node name, or nnode when there is none. */
static size_t
node_find(const struct fs_prio_cluster *cl, const char *name)
{
	size_t i = fs_names_find(&cl->node_index, name, node_name, cl);

	return i == SIZE_MAX ? cl->nnode : i;
}

static int
node_add(void *arg, const char *name, unsigned long line, struct fs_err *e)
{
	struct node_add *a = arg;
	struct fs_prio_cluster *cl = a->cl;
	size_t i = node_find(cl, name);

	(void)line;
	(void)e;
	if (i == cl->nnode) {
		FS_GROW(cl->node, cl->nnode, cl->node_cap);
		cl->node[i].name = fs_xstrdup(name);
		cl->nnode++;
		fs_names_add(&cl->node_index, cl->nnode, node_name, cl);
	}
	cl->node[i].cpus = a->cpus;
	cl->node[i].mem = a->mem;
	return 0;
}

struct part_add {
	struct fs_prio_cluster *cl;
	struct fs_prio_part *p;
};

static int
part_node_add(void *arg, const char *name, unsigned long line,
	      struct fs_err *e)
{
	struct part_add *a = arg;
	size_t i = node_find(a->cl, name);

	if (i == a->cl->nnode)
		return fs_error(e, line, "partition '%s': node '%s' is not "
				"defined by any NodeName line",
				a->p->name, name);
	a->p->node_count++;
	a->p->cpus += a->cl->node[i].cpus;
	a->p->mem += a->cl->node[i].mem;
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
	struct fs_prio_part def_part;
	char *tres = NULL, *flags = NULL;
	unsigned long tres_line = 0, flags_line = 0;
	int ret = 0;
	size_t i;

	memset(&def_part, 0, sizeof(def_part));
	def_part.job_factor = 1;
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
			ret = hosts_expand(val[0], first, e, node_add, &a);
		} else if (!strcasecmp(key[0], "PartitionName")) {
			struct fs_prio_part part = def_part;
			const char *nodes = NULL;

			for (k = 1; k < n && !ret; k++) {
				const char *v = val[k] ? val[k] : "";

				if (!strcasecmp(key[k], "PriorityJobFactor"))
					ret = parse_u32(key[k], v,
							&part.job_factor,
							first, e);
				else if (!strcasecmp(key[k], "Priority"))
					/* The old name sets both. */
					ret = parse_u32(key[k], v,
							&part.job_factor,
							first, e);
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
			if (!strcasecmp(val[0], "DEFAULT")) {
				def_part = part;
				def_part.nodes = NULL;
				continue;
			}
			if (fs_prio_part_find(cl, val[0])) {
				ret = fs_error(e, first, "partition '%s' is "
					       "defined twice", val[0]);
				break;
			}
			part.name = fs_xstrdup(val[0]);
			part.nodes = fs_xstrdup(nodes ? nodes : "");
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
	free(tres);
	/* Partitions' sizes, now that every node is known. */
	for (i = 0; i < cl->npart && !ret; i++) {
		struct fs_prio_part *p = &cl->part[i];
		struct part_add a = {cl, p};
		size_t k;

		if (!strcasecmp(p->nodes, "ALL")) {
			for (k = 0; k < cl->nnode; k++)
				part_node_add(&a, cl->node[k].name, p->line, e);
		} else if (*p->nodes)
			ret = hosts_expand(p->nodes, p->line, e, part_node_add,
					   &a);
	}
	cl->nodes = (uint32_t)cl->nnode;
	cl->cpus = 0;
	for (i = 0; i < cl->nnode; i++)
		cl->cpus += cl->node[i].cpus;
	c->nodes = cl->nodes;
	c->cpus = cl->cpus;
	for (i = 0; i < cl->npart; i++)
		if (cl->part[i].job_factor > cl->part_max)
			cl->part_max = cl->part[i].job_factor;
	return ret;
}

void
fs_prio_part_tres(const struct fs_prio_conf *c, const struct fs_prio_part *p,
		  double *v)
{
	size_t i;

	for (i = 0; i < c->ntres; i++) {
		const char *n = c->tres_name[i];

		v[i] = 0;
		if (!strcmp(n, "cpu") || !strcmp(n, "billing"))
			v[i] = p->cpus;
		else if (!strcmp(n, "mem"))
			v[i] = p->mem;
		else if (!strcmp(n, "node"))
			v[i] = p->node_count;
	}
}

void
fs_prio_snapshot_init(struct fs_prio_snapshot *s)
{
	memset(s, 0, sizeof(*s));
	fs_prio_conf_init(&s->conf);
	fs_prio_cluster_init(&s->cl);
	fs_buf_init(&s->tree);
}

void
fs_prio_snapshot_release(struct fs_prio_snapshot *s)
{
	size_t i;

	for (i = 0; i < s->nqos; i++)
		free(s->qos[i].name);
	free(s->qos);
	for (i = 0; i < s->nassoc; i++) {
		free(s->assoc[i].acct);
		free(s->assoc[i].user);
		free(s->assoc[i].part);
	}
	free(s->assoc);
	for (i = 0; i < s->njob; i++) {
		free(s->job[i].id);
		free(s->job[i].user);
		free(s->job[i].acct);
		free(s->job[i].part);
		free(s->job[i].qos);
		free(s->job[i].tres);
	}
	free(s->job);
	free(s->part_tres);
	fs_prio_cluster_release(&s->cl);
	fs_buf_release(&s->tree);
}
