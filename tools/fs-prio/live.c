/*
 * live.c: fs-prio's cluster snapshot through libslurm.
 *
 * slurm_load_ctl_conf gives the weights and flags, slurm_load_node the
 * node count and CPUs the job-size factor divides by, slurm_load_partitions
 * each partition's PriorityJobFactor, times and TRES totals,
 * slurm_load_assoc_mgr_info the QOS and association priorities and the
 * association tree (written as a TSV tree so that fs_rank gives the
 * fairshare factor exactly), slurm_load_jobs the pending jobs.
 * Without libslurm every entry point says so.
 */
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "live.h"

void
prio_snapshot_init(struct prio_snapshot *s)
{
	memset(s, 0, sizeof(*s));
	fs_prio_conf_init(&s->conf);
	fs_prio_cluster_init(&s->cl);
	fs_buf_init(&s->tree);
}

void
prio_snapshot_release(struct prio_snapshot *s)
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

#ifndef HAVE_LIBSLURM

int
prio_live_available(void)
{
	return 0;
}

int
prio_live_load(struct prio_snapshot *s, struct fs_err *e)
{
	(void)s;
	return fs_error(e, 0, "built without libslurm: no live mode (give "
			"--conf FILE, a tree on standard input and --jobs "
			"FILE)");
}

#else

#include <slurm/slurm.h>
#include <slurm/slurm_errno.h>
#include <slurm/slurmdb.h>

int
prio_live_available(void)
{
	return 1;
}

static char *
dup_or_empty(const char *s)
{
	return fs_xstrdup(s ? s : "");
}

static int
load_conf(struct prio_snapshot *s, struct fs_err *e)
{
	slurm_conf_t *cf = NULL;
	struct fs_prio_conf *c = &s->conf;
	struct fs_err te = {NULL, 0, ""};

	if (slurm_load_ctl_conf((time_t)0, &cf) != SLURM_SUCCESS)
		return fs_error(e, 0, "slurm_load_ctl_conf: %s (is slurmctld "
				"running, and SLURM_CONF right?)",
				slurm_strerror(slurm_get_errno()));
	c->type_multifactor = cf->priority_type &&
		!strcmp(cf->priority_type, "priority/multifactor");
	c->w_age = cf->priority_weight_age;
	c->w_assoc = cf->priority_weight_assoc;
	c->w_fs = cf->priority_weight_fs;
	c->w_js = cf->priority_weight_js;
	c->w_part = cf->priority_weight_part;
	c->w_qos = cf->priority_weight_qos;
	c->max_age = cf->priority_max_age;
	c->favor_small = cf->priority_favor_small;
	c->dampening = cf->fs_dampening_factor;
	/* Slurm sets FAIR_TREE unless NO_FAIR_TREE was given. */
	c->flags = cf->priority_flags & 0xffffu;
	if (!(c->flags & (FS_PRIO_FAIR_TREE | FS_PRIO_DEPTH_OBLIVIOUS)))
		c->flags |= FS_PRIO_NO_FAIR_TREE;
	if (cf->priority_weight_tres && *cf->priority_weight_tres &&
	    fs_prio_parse_tres_weights(c, cf->priority_weight_tres, &te) < 0) {
		slurm_free_ctl_conf(cf);
		return fs_error(e, 0, "%s", te.msg);
	}
	free(s->cl.cluster);
	s->cl.cluster = dup_or_empty(cf->cluster_name);
	slurm_free_ctl_conf(cf);
	return 0;
}

static int
load_nodes(struct prio_snapshot *s, struct fs_err *e)
{
	node_info_msg_t *m = NULL;
	uint32_t i;

	if (slurm_load_node((time_t)0, &m, SHOW_ALL) != SLURM_SUCCESS)
		return fs_error(e, 0, "slurm_load_node: %s",
				slurm_strerror(slurm_get_errno()));
	s->cl.nodes = 0;
	s->cl.cpus = 0;
	for (i = 0; i < m->record_count; i++) {
		if (!m->node_array[i].name)
			continue;
		s->cl.nodes++;
		s->cl.cpus += m->node_array[i].cpus_efctv ?
			m->node_array[i].cpus_efctv : m->node_array[i].cpus;
	}
	s->conf.nodes = s->cl.nodes;
	s->conf.cpus = s->cl.cpus;
	slurm_free_node_info_msg(m);
	return 0;
}

static int
load_partitions(struct prio_snapshot *s, struct fs_err *e)
{
	partition_info_msg_t *m = NULL;
	struct fs_err te = {NULL, 0, ""};
	uint32_t i;

	if (slurm_load_partitions((time_t)0, &m, SHOW_ALL) != SLURM_SUCCESS)
		return fs_error(e, 0, "slurm_load_partitions: %s",
				slurm_strerror(slurm_get_errno()));
	s->cl.part = fs_xcalloc(m->record_count + 1, sizeof(*s->cl.part));
	s->part_tres = fs_xcalloc(m->record_count + 1, sizeof(*s->part_tres));
	for (i = 0; i < m->record_count; i++) {
		partition_info_t *p = &m->partition_array[i];
		struct fs_prio_part *q = &s->cl.part[s->cl.npart];

		q->name = dup_or_empty(p->name);
		q->nodes = dup_or_empty(p->nodes);
		q->job_factor = p->priority_job_factor;
		q->max_time = p->max_time;
		q->default_time = p->default_time;
		q->is_default = !!(p->flags & PART_FLAG_DEFAULT);
		q->node_count = p->total_nodes;
		q->cpus = p->total_cpus;
		if (p->tres_fmt_str &&
		    fs_prio_parse_tres_counts(&s->conf, p->tres_fmt_str,
					      s->part_tres[s->cl.npart],
					      &te) < 0) {
			slurm_free_partition_info_msg(m);
			return fs_error(e, 0, "partition '%s': %s", q->name,
					te.msg);
		}
		if (q->job_factor > s->cl.part_max)
			s->cl.part_max = q->job_factor;
		s->cl.npart++;
	}
	slurm_free_partition_info_msg(m);
	return 0;
}

/* QOS and association priorities, and the association tree. */
static int
load_assocs(struct prio_snapshot *s, struct fs_err *e)
{
	assoc_mgr_info_request_msg_t req;
	assoc_mgr_info_msg_t *m = NULL;
	ListIterator it;
	slurmdb_qos_rec_t *q;
	slurmdb_assoc_rec_t *a;
	char when[32];
	size_t n;

	memset(&req, 0, sizeof(req));
	req.flags = ASSOC_MGR_INFO_FLAG_ASSOC | ASSOC_MGR_INFO_FLAG_QOS;
	if (slurm_load_assoc_mgr_info(&req, &m) != SLURM_SUCCESS)
		return fs_error(e, 0, "slurm_load_assoc_mgr_info: %s (is "
				"slurmdbd configured?)",
				slurm_strerror(slurm_get_errno()));
	if (m->qos_list) {
		n = (size_t)slurm_list_count(m->qos_list);
		s->qos = fs_xcalloc(n + 1, sizeof(*s->qos));
		it = slurm_list_iterator_create(m->qos_list);
		while ((q = slurm_list_next(it))) {
			s->qos[s->nqos].name = dup_or_empty(q->name);
			s->qos[s->nqos].prio = q->priority == FS_INFINITE ? 0
					       : q->priority;
			if (s->qos[s->nqos].prio > s->qos_max)
				s->qos_max = s->qos[s->nqos].prio;
			s->nqos++;
		}
		slurm_list_iterator_destroy(it);
	}
	fs_iso_time(s->now, when);
	fs_buf_printf(&s->tree, "%s\n#cluster=%s\n#taken=%s\n#source=fs-prio "
		      "(slurm_load_assoc_mgr_info)\n#algorithm=%s\n",
		      FS_TSV_MAGIC, s->cl.cluster, when,
		      fs_algorithm_name(fs_prio_algorithm(s->conf.flags)));
	if (s->conf.dampening)
		fs_buf_printf(&s->tree, "#dampening=%u\n", s->conf.dampening);
	fs_buf_addstr(&s->tree, "Account\tUser\tParent\tRawShares\tRawUsage\t"
		      "Partition\n");
	if (m->assoc_list) {
		n = (size_t)slurm_list_count(m->assoc_list);
		s->assoc = fs_xcalloc(n + 1, sizeof(*s->assoc));
		it = slurm_list_iterator_create(m->assoc_list);
		while ((a = slurm_list_next(it))) {
			struct prio_assoc *p = &s->assoc[s->nassoc++];
			const char *parent = a->user ? a->acct : a->parent_acct;

			p->acct = dup_or_empty(a->acct);
			p->user = dup_or_empty(a->user);
			p->part = dup_or_empty(a->partition);
			p->prio = a->priority == FS_INFINITE ? 0 : a->priority;
			if (p->prio > s->assoc_max)
				s->assoc_max = p->prio;
			fs_buf_printf(&s->tree, "%s\t%s\t%s\t", p->acct, p->user,
				      parent ? parent : "");
			if (a->shares_raw == SLURMDB_FS_USE_PARENT)
				fs_buf_addstr(&s->tree, "parent");
			else
				fs_buf_printf(&s->tree, "%u", a->shares_raw);
			fs_buf_printf(&s->tree, "\t%.6Lf\t%s\n",
				      a->usage ? a->usage->usage_raw : 0.0L,
				      p->part);
		}
		slurm_list_iterator_destroy(it);
	}
	slurm_free_assoc_mgr_info_msg(m);
	return 0;
}

static char *
user_name(uint32_t uid, const char *given)
{
	struct passwd *pw;
	char buf[32];

	if (given && *given)
		return fs_xstrdup(given);
	if ((pw = getpwuid((uid_t)uid)))
		return fs_xstrdup(pw->pw_name);
	snprintf(buf, sizeof(buf), "%u", uid);
	return fs_xstrdup(buf);
}

static int
load_jobs(struct prio_snapshot *s, struct fs_err *e)
{
	job_info_msg_t *m = NULL;
	uint32_t i;

	if (slurm_load_jobs((time_t)0, &m, SHOW_ALL) != SLURM_SUCCESS)
		return fs_error(e, 0, "slurm_load_jobs: %s",
				slurm_strerror(slurm_get_errno()));
	s->job = fs_xcalloc(m->record_count + 1, sizeof(*s->job));
	for (i = 0; i < m->record_count; i++) {
		slurm_job_info_t *j = &m->job_array[i];
		struct prio_job *p;
		char id[32];

		/* Held jobs (priority 0) wait outside the queue: sprio leaves
		 * them out too. */
		if ((j->job_state & JOB_STATE_BASE) != JOB_PENDING ||
		    !j->priority)
			continue;
		p = &s->job[s->njob++];
		snprintf(id, sizeof(id), "%u", j->job_id);
		p->id = fs_xstrdup(id);
		p->user = user_name(j->user_id, j->user_name);
		p->acct = dup_or_empty(j->account);
		p->part = dup_or_empty(j->partition);
		p->qos = dup_or_empty(j->qos);
		p->tres = j->tres_alloc_str && *j->tres_alloc_str ?
			fs_xstrdup(j->tres_alloc_str) :
			j->tres_req_str ? fs_xstrdup(j->tres_req_str) : NULL;
		p->accrue = (long long)j->accrue_time;
		p->cpus = j->num_cpus;
		/* The controller sends an unset max_cpus as 0. */
		p->max_cpus = j->max_cpus ? j->max_cpus : FS_NO_VAL;
		p->nodes = j->num_nodes;
		p->time_limit = j->time_limit;
		p->nice = (int64_t)j->nice - (int64_t)NICE_OFFSET;
		p->site = (int64_t)j->site_factor - (int64_t)NICE_OFFSET;
		p->slurm_prio = j->priority;
	}
	slurm_free_job_info_msg(m);
	return 0;
}

int
prio_live_load(struct prio_snapshot *s, struct fs_err *e)
{
	int ret;

	slurm_init(NULL);
	s->now = (long long)time(NULL);
	ret = load_conf(s, e);
	if (!ret)
		ret = load_nodes(s, e);
	if (!ret)
		ret = load_partitions(s, e);
	if (!ret)
		ret = load_assocs(s, e);
	if (!ret)
		ret = load_jobs(s, e);
	slurm_fini();
	return ret;
}

#endif
