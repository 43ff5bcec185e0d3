/*
 * prio.c: Slurm's multifactor job priority (docs/slurm.md §5), and the
 * priority settings of slurm.conf as values (io/slurmconf.c parses the file).
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

#include "model/model.h"

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
	{"MAX_TRES_GRES", FS_PRIO_MAX_TRES_GRES},
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
				       "MAX_TRES_GRES, CALCULATE_RUNNING, "
				       "NO_NORMAL_ASSOC, "
				       "NO_NORMAL_PART, NO_NORMAL_QOS, "
				       "NO_NORMAL_TRES, NO_NORMAL_ALL)", tok);
		else
			*flags |= flag_names[i].bits;
	}
	/* Slurm reads MAX_TRES_GRES as the one flag, not as MAX_TRES too
	 * (read_config.c: the first that matches). */
	if (*flags & FS_PRIO_MAX_TRES_GRES)
		*flags &= ~FS_PRIO_MAX_TRES;
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

static int parse_weights(struct fs_prio_conf *c, const char *s,
			 const char *key, struct fs_err *e);

int
fs_prio_parse_tres_weights(struct fs_prio_conf *c, const char *s,
			   struct fs_err *e)
{
	return parse_weights(c, s, "PriorityWeightTRES", e);
}

int
fs_prio_parse_billing_weights(struct fs_prio_conf *w, const char *s,
			      struct fs_err *e)
{
	return parse_weights(w, s, "TRESBillingWeights", e);
}

/* assoc_mgr_tres_weighted: the node TRES's largest term under either MAX
 * flag (the GRES among them under MAX_TRES only; MAX_TRES_GRES sums those
 * and adds them to the largest), plus the sum of the global ones, each sum
 * in TRES id order. */
double
fs_prio_billing(const struct fs_prio_conf *w, uint32_t flags, const double *v,
		double cpus)
{
	double node = 0, gres = 0, global = 0, x;
	int max = !!(flags & (FS_PRIO_MAX_TRES | FS_PRIO_MAX_TRES_GRES));
	size_t i;

	if (!w)
		return cpus;
	for (i = 0; i < w->ntres; i++) {
		const char *n = w->tres_name[i];
		int is_gres = !strncmp(n, "gres/", 5);

		if (!strcmp(n, "billing"))
			continue;
		x = v[i] * w->tres_weight[i];
		if (max && is_gres && (flags & FS_PRIO_MAX_TRES_GRES))
			gres += x;
		else if (max && (is_gres || !strcmp(n, "cpu") ||
				 !strcmp(n, "mem") || !strcmp(n, "node")))
			node = node > x ? node : x;
		else
			global += x;
	}
	if (flags & FS_PRIO_MAX_TRES_GRES)
		node += gres;
	return node + global;
}

int
fs_prio_billing_of(const char *weights, uint32_t flags, const char *tres,
		   double cpus, double *billing, struct fs_err *e)
{
	struct fs_prio_conf w;
	double v[FS_PRIO_TRES_MAX];

	*billing = cpus;
	if (!weights)
		return 0;
	memset(&w, 0, sizeof(w));
	if (fs_prio_parse_billing_weights(&w, weights, e) < 0 ||
	    fs_prio_parse_tres_counts(&w, tres, v, e) < 0)
		return -1;
	*billing = fs_prio_billing(&w, flags, v, cpus);
	return 0;
}

static int
parse_weights(struct fs_prio_conf *c, const char *s, const char *key,
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
			ret = fs_error(e, 0, "%s: expected NAME=WEIGHT, not "
				       "'%s'", key, tok);
			break;
		}
		*eq = '\0';
		errno = 0;
		w = strtod(eq + 1, &end);
		if (errno || end == eq + 1 || w < 0 || !isfinite(w) ||
		    (*end && (end[1] || unit_power(*end) < 0))) {
			ret = fs_error(e, 0, "%s: '%s': not a weight: '%s'",
				       key, tok, eq + 1);
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
			ret = fs_error(e, 0, "%s: '%s' given twice", key,
				       tok);
			break;
		}
		if (c->ntres == FS_PRIO_TRES_MAX) {
			ret = fs_error(e, 0, "%s: more than %d TRES", key,
				       FS_PRIO_TRES_MAX);
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

/* Whether the list s names TRES name (up to its '=') before offset end. */
static int
tres_named_before(const char *s, size_t end, const char *name)
{
	size_t n = strlen(name), k;
	const char *p;

	for (p = s; (size_t)(p - s) < end; p += k + 1) {
		k = strcspn(p, ",");
		if (k > n && p[n] == '=' && !strncasecmp(p, name, n))
			return 1;
		if (!p[k])
			break;
	}
	return 0;
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
		/* One count a TRES: a second would win unseen. */
		if (tres_named_before(s, (size_t)(tok - copy), tok)) {
			ret = fs_error(e, 0, "TRES '%s' given twice", tok);
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
	size_t i;

	/* Each field set once, here or by fs_prio_weigh, rather than the
	 * whole zeroed first (which every job of a big queue paid for). */
	f->age = f->assoc = f->fs = f->js = f->part = f->qos = 0;

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
		f->assoc = j->has_assoc ? j->assoc
			: (c->flags & FS_PRIO_NO_NORMAL_ASSOC) ? j->assoc_prio
			: (j->assoc_max ? (double)j->assoc_prio /
			   (double)j->assoc_max : 0.0);

	if (j->has_qos && c->w_qos)
		f->qos = j->qos;
	else if (j->qos_prio && c->w_qos)
		f->qos = (c->flags & FS_PRIO_NO_NORMAL_QOS) ? j->qos_prio
			: (j->qos_max ? (double)j->qos_prio /
			   (double)j->qos_max : 0.0);

	for (i = 0; i < c->ntres; i++) {
		double v = j->tres_value[i];

		f->tres[i] = 0;
		if (c->flags & FS_PRIO_NO_NORMAL_TRES)
			f->tres[i] = v;
		else if (v && j->tres_part[i])
			f->tres[i] = v / j->tres_part[i];
		f->w_tres[i] = f->tres[i] * c->tres_weight[i];
	}
	fs_prio_weigh(c, j->site, j->nice, f);
}

/* The sum prio into f, and the priority the controller stores for it. */
static void
clamp(double prio, struct fs_prio_factors *f)
{
	f->sum = prio;
	f->clamped = 0;
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

/* fs_prio_weigh with f's normalised factors as arguments: called (not
 * inlined) with each read alone, rather than two at a time by one vector
 * load from where they were just stored one at a time (a store that cannot
 * be forwarded, which stalled every call). */
static __attribute__((noinline)) void
weigh(const struct fs_prio_conf *c, double age, double assoc, double fs,
      double js, double part, double qos, int64_t site, int64_t nice,
      const double *sum, struct fs_prio_factors *f)
{
	double prio;
	size_t i;

	f->tres_sum = 0;
	for (i = 0; i < c->ntres && f->w_tres; i++)
		f->tres_sum += f->w_tres[i];
	f->w_age = age * (double)c->w_age;
	f->w_assoc = assoc * (double)c->w_assoc;
	f->w_fs = fs * (double)c->w_fs;
	f->w_js = js * (double)c->w_js;
	f->w_part = part * (double)c->w_part;
	f->w_qos = qos * (double)c->w_qos;

	if (sum)
		prio = *sum;
	else
		prio = f->w_age + f->w_assoc + f->w_fs + f->w_js + f->w_part
			+ f->w_qos + f->tres_sum + (double)site - (double)nice;
	clamp(prio, f);
}

void
fs_prio_weigh(const struct fs_prio_conf *c, int64_t site, int64_t nice,
	      struct fs_prio_factors *f)
{
	weigh(c, f->age, f->assoc, f->fs, f->js, f->part, f->qos, site, nice,
	      NULL, f);
}

/* A weighted factor back to its normalised one, as sprio divides it. */
static double
unweigh(double w, uint32_t weight)
{
	return weight ? w / (double)weight : 0.0;
}

void
fs_prio_stored_weigh(const struct fs_prio_conf *c, const double w[6],
		     int64_t site, int64_t nice, struct fs_prio_factors *f)
{
	double prio;
	size_t i;

	f->w_age = w[0];
	f->w_assoc = w[1];
	f->w_fs = w[2];
	f->w_js = w[3];
	f->w_part = w[4];
	f->w_qos = w[5];
	f->age = unweigh(w[0], c->w_age);
	f->assoc = unweigh(w[1], c->w_assoc);
	f->fs = unweigh(w[2], c->w_fs);
	f->js = unweigh(w[3], c->w_js);
	f->part = unweigh(w[4], c->w_part);
	f->qos = unweigh(w[5], c->w_qos);
	prio = w[0] + w[1] + w[2] + w[3] + w[4] + w[5] + (double)site -
	       (double)nice;
	f->tres_sum = 0;
	for (i = 0; i < c->ntres && f->w_tres; i++) {
		f->tres_sum += f->w_tres[i];
		if (f->w_tres[i])
			prio += f->w_tres[i];
	}
	clamp(prio, f);
}

void
fs_prio_reweigh(const struct fs_prio_conf *c, double sum,
		struct fs_prio_factors *f)
{
	weigh(c, f->age, f->assoc, f->fs, f->js, f->part, f->qos, 0, 0, &sum,
	      f);
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
		free(cl->part[i].shares);
		free(cl->part[i].billing);
	}
	free(cl->part);
	free(cl->node);
	fs_buf_release(&cl->node_names);
	fs_names_release(&cl->node_index);
	free(cl->range);
	free(cl->key);
	fs_buf_release(&cl->key_text);
	fs_names_release(&cl->key_index);
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

void
fs_prio_part_tres(const struct fs_prio_conf *c, const struct fs_prio_part *p,
		  double *v)
{
	struct fs_err e = {NULL, 0, ""};
	char tres[96];
	double bill = p->cpus;
	size_t i;

	/* Its billing as slurmctld counts it (a whole number): its TRES
	 * weighted by its TRESBillingWeights, else its CPUs. */
	snprintf(tres, sizeof(tres), "cpu=%u,mem=%.17g,node=%u", p->cpus,
		 p->mem, p->node_count);
	if (fs_prio_billing_of(p->billing, c->flags, tres, p->cpus, &bill,
			       &e) < 0 || !(bill >= 0 && bill < 1e19))
		bill = p->cpus;
	for (i = 0; i < c->ntres; i++) {
		const char *n = c->tres_name[i];

		v[i] = 0;
		if (!strcmp(n, "cpu"))
			v[i] = p->cpus;
		else if (!strcmp(n, "billing"))
			v[i] = (double)(uint64_t)bill;
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
fs_prio_jobs_room(struct fs_prio_snapshot *s, size_t n)
{
	struct fs_prio_pending *v;
	size_t room;

	if (n <= s->job_room / sizeof(*s->job))
		return;
	if (n > SIZE_MAX / sizeof(*v))
		fs_die("out of memory (%zu jobs)", n);
	v = fs_xcalloc_filled(n * sizeof(*v), &room);
	if (s->njob)
		memcpy(v, s->job, s->njob * sizeof(*v));
	fs_free_huge(s->job, s->job_room, 1);
	s->job = v;
	s->job_room = room;
}

void
fs_prio_pending_free(struct fs_prio_pending *j)
{
	if (!j->borrowed) {
		free(j->id);
		free(j->user);
		free(j->acct);
		free(j->part);
		free(j->qos);
	}
	free(j->tres);
	free(j->tres_mem);
	free(j->stored);
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
	/* Most jobs of a big queue own nothing: no call for them. */
	for (i = s->plain; i < s->njob; i++)
		fs_prio_pending_free(&s->job[i]);
	fs_free_huge(s->job, s->job_room, 1);
	fs_free_huge(s->jobs_text, s->jobs_text_room, 1);
	free(s->part_tres);
	fs_prio_cluster_release(&s->cl);
	fs_buf_release(&s->tree);
}
