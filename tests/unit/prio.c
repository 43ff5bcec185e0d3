/*
 * prio.c: Slurm's multifactor job priority (lib/model/prio.c) against values
 * worked out by hand from docs/slurm.md §5: each factor alone, then
 * together, the clamps at 1 and 2^32-1, truncation, the flags; and the
 * parsers of PriorityFlags, PriorityWeightTRES and slurm.conf.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"
#include "tap.h"

#define NOW 1000000000LL

/* The TRES arrays a job and its factors point to. */
static double tres_value[FS_PRIO_TRES_MAX], tres_part[FS_PRIO_TRES_MAX];
static double tres_f[FS_PRIO_TRES_MAX], tres_w[FS_PRIO_TRES_MAX];

static void
job_init(struct fs_prio_job *j)
{
	memset(j, 0, sizeof(*j));
	memset(tres_value, 0, sizeof(tres_value));
	memset(tres_part, 0, sizeof(tres_part));
	j->tres_value = tres_value;
	j->tres_part = tres_part;
	j->max_cpus = FS_NO_VAL;
	j->time_limit = FS_NO_VAL;
	j->part_max_time = FS_INFINITE;
	j->min_cpus = 1;
	j->min_nodes = 1;
}

static struct fs_prio_factors
run(const struct fs_prio_conf *c, const struct fs_prio_job *j)
{
	struct fs_prio_factors f;

	f.tres = tres_f;
	f.w_tres = tres_w;
	fs_prio_compute(c, j, NOW, &f);
	return f;
}

static void
test_age(void)
{
	static const struct {
		long long ago;		/* accrue = NOW - ago; 0: none */
		int none;
		double age;
	} t[] = {
		{0, 1, 0.0}, {0, 0, 0.0}, {150, 0, 0.25}, {600, 0, 1.0},
		{100000, 0, 1.0}, {-50, 0, 0.0}, {1, 0, 1.0 / 600},
	};
	struct fs_prio_conf c;
	struct fs_prio_job j;
	size_t i;

	fs_prio_conf_init(&c);
	c.w_age = 1000;
	c.max_age = 600;
	for (i = 0; i < sizeof(t) / sizeof(*t); i++) {
		struct fs_prio_factors f;

		job_init(&j);
		j.accrue = t[i].none ? 0 : NOW - t[i].ago;
		f = run(&c, &j);
		ok(f.age == t[i].age, "age %lld s of 600: %.17g (want %.17g)",
		   t[i].ago, f.age, t[i].age);
	}
	c.w_age = 0;
	j.accrue = NOW - 300;
	ok(run(&c, &j).age == 0, "no age factor without its weight");
}

static void
test_normalised(void)
{
	struct fs_prio_conf c;
	struct fs_prio_job j;
	struct fs_prio_factors f;

	fs_prio_conf_init(&c);
	c.w_assoc = c.w_part = c.w_qos = 1000;
	job_init(&j);
	j.assoc_prio = 5, j.assoc_max = 10;
	j.part_factor = 1, j.part_max = 4;
	j.qos_prio = 30, j.qos_max = 120;
	f = run(&c, &j);
	ok(f.assoc == 0.5 && f.part == 0.25 && f.qos == 0.25,
	   "normalised assoc, partition, QOS: %g %g %g", f.assoc, f.part,
	   f.qos);
	ok(f.priority == 1000, "500 + 250 + 250 = %u", f.priority);
	c.flags = FS_PRIO_NO_NORMAL_ASSOC | FS_PRIO_NO_NORMAL_PART |
		FS_PRIO_NO_NORMAL_QOS;
	f = run(&c, &j);
	ok(f.assoc == 5 && f.part == 1 && f.qos == 30 && f.priority == 36000,
	   "NO_NORMAL_*: raw values, priority %u", f.priority);
	c.flags = 0;
	j.assoc_max = 0;
	j.qos_prio = 0;
	f = run(&c, &j);
	ok(f.assoc == 0 && f.qos == 0, "no maximum or no QOS priority: 0");
	j.part_factor = 0;
	c.flags = FS_PRIO_NO_NORMAL_PART;
	ok(run(&c, &j).part == 0, "partition factor 0 is not set");
}

static void
test_jobsize(void)
{
	static const struct {
		int favor_small, relative;
		uint32_t cpus, nodes, limit;
		double js;
	} t[] = {
		{0, 0, 1, 1, 60, 0.1328125},
		{0, 0, 64, 4, 1, 1.0},
		{0, 0, 8, 2, 10, 0.3125},
		{1, 0, 1, 1, 60, 0.8671875},
		{1, 0, 64, 4, 1, 0.0},
		{1, 0, 8, 2, 10, 0.6875},
		{0, 1, 1, 1, 60, 16.0 / 60 / 64},
		{0, 1, 64, 4, 1, 1.0},
		{0, 1, 8, 2, 10, 0.05},
		{1, 1, 8, 2, 10, 0.95},
		{0, 1, 128, 8, 1, 1.0},		/* clamped */
		/* More nodes than exist: 22.05's uint32 Nn - nodes wraps,
		 * and the clamp makes it 1 (23.02 makes that term 0). */
		{1, 0, 1, 8, 1, 1.0},
	};
	struct fs_prio_conf c;
	struct fs_prio_job j;
	size_t i;

	fs_prio_conf_init(&c);
	c.w_js = 1000;
	c.nodes = 4;
	c.cpus = 64;
	for (i = 0; i < sizeof(t) / sizeof(*t); i++) {
		struct fs_prio_factors f;

		c.favor_small = t[i].favor_small;
		c.flags = t[i].relative ? FS_PRIO_SIZE_RELATIVE : 0;
		job_init(&j);
		j.min_cpus = t[i].cpus;
		j.min_nodes = t[i].nodes;
		j.time_limit = t[i].limit;
		f = run(&c, &j);
		ok(fabs(f.js - t[i].js) < 1e-15, "job size %s%s %u CPUs %u "
		   "nodes %u min: %.17g (want %.17g)",
		   t[i].favor_small ? "small" : "large",
		   t[i].relative ? " relative" : "", t[i].cpus, t[i].nodes,
		   t[i].limit, f.js, t[i].js);
	}
	/* max_cpus beats min_cpus, total_cpus beats both. */
	c.favor_small = 0;
	c.flags = 0;
	job_init(&j);
	j.min_cpus = 1;
	j.max_cpus = 64;
	ok(run(&c, &j).js == (0.25 + 1.0) / 2, "max_cpus counts");
	j.total_cpus = 32;
	ok(run(&c, &j).js == (0.25 + 0.5) / 2, "total_cpus counts first");
	/* Relative without a limit: the partition's maximum. */
	c.flags = FS_PRIO_SIZE_RELATIVE;
	job_init(&j);
	j.min_cpus = 16;
	j.part_max_time = 2;
	ok(run(&c, &j).js == 16.0 / 2 / 64, "relative: partition MaxTime");
}

static void
test_tres_nice_clamp(void)
{
	struct fs_prio_conf c;
	struct fs_prio_job j;
	struct fs_prio_factors f;
	struct fs_err e = {NULL, 0, ""};

	fs_prio_conf_init(&c);
	ok(fs_prio_parse_tres_weights(&c, "Mem=2048G,CPU=1000,GRES/gpu=5",
				      &e) == 0, "TRES weights parse");
	ok(c.ntres == 3 && !strcmp(c.tres_name[0], "cpu") &&
	   !strcmp(c.tres_name[1], "mem") &&
	   !strcmp(c.tres_name[2], "gres/gpu"),
	   "TRES in Slurm's id order, lower case: %s %s %s", c.tres_name[0],
	   c.tres_name[1], c.tres_name[2]);
	ok(c.tres_weight[1] == 2.0, "Mem=2048G weighs 2 per MB fraction: %g",
	   c.tres_weight[1]);
	job_init(&j);
	ok(fs_prio_parse_tres_counts(&c, "cpu=8,mem=32G,node=1,gres/gpu=2",
				     j.tres_value, &e) == 0 &&
	   j.tres_value[1] == 32768, "TRES counts, mem in MB: %g",
	   j.tres_value[1]);
	tres_part[0] = 64;
	tres_part[1] = 256000;
	tres_part[2] = 0;		/* no GPUs in the partition */
	f = run(&c, &j);
	ok(f.tres[0] == 0.125 && f.w_tres[1] == 0.256 && f.tres[2] == 0,
	   "TRES factors: %g %g %g", f.tres[0], f.w_tres[1], f.tres[2]);
	ok(f.priority == 125, "TRES priority truncated: %u (sum %.17g)",
	   f.priority, f.sum);
	c.flags = FS_PRIO_NO_NORMAL_TRES;
	f = run(&c, &j);
	ok(f.tres[2] == 2 && f.priority == 8000 + 65536 + 10,
	   "NO_NORMAL_TRES: raw counts, %u", f.priority);

	fs_prio_conf_init(&c);
	job_init(&j);
	j.site = 500;
	j.nice = -200;
	ok(run(&c, &j).priority == 700, "site 500, nice -200: 700");
	j.site = 0;
	j.nice = 10;
	f = run(&c, &j);
	ok(f.priority == 1 && f.clamped == -1 && f.sum == -10,
	   "below 1: raised to 1");
	c.w_qos = c.w_part = 4294967295u;
	job_init(&j);
	j.qos_prio = j.qos_max = 1;
	j.part_factor = j.part_max = 1;
	f = run(&c, &j);
	ok(f.priority == 4294967295u && f.clamped == 1,
	   "past 2^32-1: cut (sum %.17g)", f.sum);
	fs_prio_conf_init(&c);
	c.w_fs = 10000;
	job_init(&j);
	j.fs = 2.0 / 3;
	ok(run(&c, &j).priority == 6666, "6666.67 truncates to 6666");
}

static void
test_parse(void)
{
	struct fs_prio_conf c;
	struct fs_prio_cluster cl;
	struct fs_err e = {NULL, 0, ""};
	uint32_t flags;
	char text[] =
		"# test\n"
		"PriorityWeightAge=1000 PriorityWeightQOS=7\n"
		"PriorityFlags=NO_NORMAL_ALL,small_relative_to_time\n"
		"PriorityMaxAge=1-0\n"
		"NodeName=DEFAULT CPUs=8 RealMemory=100\n"
		"NodeName=a[01-03,10] \\\n"
		"    State=UNKNOWN\n"
		"NodeName=big Sockets=2 CoresPerSocket=4 ThreadsPerCore=2\n"
		"PartitionName=DEFAULT MaxTime=60\n"
		"PartitionName=p1 Nodes=a[01-02] Default=YES\n"
		"PartitionName=p2 Nodes=ALL PriorityJobFactor=9 "
		"MaxTime=UNLIMITED\n";
	const struct fs_prio_part *p;

	ok(fs_prio_parse_flags("NO_NORMAL_ALL", &flags, &e) == 0 &&
	   flags == (FS_PRIO_NO_NORMAL_ASSOC | FS_PRIO_NO_NORMAL_PART |
		     FS_PRIO_NO_NORMAL_QOS | FS_PRIO_NO_NORMAL_TRES),
	   "NO_NORMAL_ALL");
	ok(fs_prio_parse_flags("max_tres_gres", &flags, &e) == 0 &&
	   flags == FS_PRIO_MAX_TRES_GRES &&
	   fs_prio_parse_flags("MAX_TRES,MAX_TRES_GRES", &flags, &e) == 0 &&
	   flags == FS_PRIO_MAX_TRES_GRES,
	   "MAX_TRES_GRES is bit 11, and alone with MAX_TRES (as Slurm)");
	ok(fs_prio_parse_flags("fair_tree,FAST", &flags, &e) < 0 &&
	   strstr(e.msg, "'FAST'"), "unknown flag: %s", e.msg);
	ok(fs_prio_algorithm(FS_PRIO_NO_FAIR_TREE) == FS_ALG_CLASSIC &&
	   fs_prio_algorithm(FS_PRIO_DEPTH_OBLIVIOUS) ==
	   FS_ALG_DEPTH_OBLIVIOUS && fs_prio_algorithm(0) == FS_ALG_FAIRTREE,
	   "flags select the algorithm");

	fs_prio_conf_init(&c);
	fs_prio_cluster_init(&cl);
	ok(fs_prio_conf_parse(&c, &cl, text, &e) == 0, "slurm.conf parses: %s",
	   e.msg);
	ok(c.w_age == 1000 && c.w_qos == 7, "two settings on one line");
	ok(c.max_age == 86400, "PriorityMaxAge 1-0 is a day: %u", c.max_age);
	ok(c.flags == (FS_PRIO_SIZE_RELATIVE | FS_PRIO_NO_NORMAL_ASSOC |
		       FS_PRIO_NO_NORMAL_PART | FS_PRIO_NO_NORMAL_QOS |
		       FS_PRIO_NO_NORMAL_TRES), "flags, any case");
	ok(c.nodes == 5 && c.cpus == 4 * 8 + 16, "5 nodes, 48 CPUs: %u %u",
	   c.nodes, c.cpus);
	p = fs_prio_part_find(&cl, "p1");
	ok(p && p->node_count == 2 && p->cpus == 16 && p->mem == 200 &&
	   p->max_time == 60 && p->is_default && p->job_factor == 1,
	   "partition p1");
	p = fs_prio_part_find(&cl, "p2");
	ok(p && p->node_count == 5 && p->job_factor == 9 &&
	   p->max_time == FS_INFINITE && cl.part_max == 9, "partition p2");
	fs_prio_cluster_release(&cl);

	{
		char bad[] = "PriorityWeightAge=1\nPriorityWeightFairshare=x\n";

		fs_prio_conf_init(&c);
		fs_prio_cluster_init(&cl);
		ok(fs_prio_conf_parse(&c, &cl, bad, &e) < 0 && e.line == 2,
		   "bad weight on line 2: %s", e.msg);
		fs_prio_cluster_release(&cl);
	}
}

/* The billable TRES (calc_job_billable_tres, docs/slurm.md §4.3): CPUs
 * without weights, the sum, MAX_TRES's largest node TRES plus the others,
 * billing itself never weighed; units divide a weight. */
static void
test_billing(void)
{
	struct fs_prio_conf w;
	struct fs_err e = {NULL, 0, ""};
	double v[FS_PRIO_TRES_MAX] = {0};

	ok(fs_prio_billing(NULL, FS_PRIO_MAX_TRES, v, 12) == 12,
	   "billing: no TRESBillingWeights: the CPUs");
	memset(&w, 0, sizeof(w));
	ok(fs_prio_parse_billing_weights(&w, "Mem=0.25G,CPU=1.5,Node=2,"
					 "billing=9,license/foo=3", &e) == 0,
	   "billing: weights parse (%s)", e.msg);
	ok(fs_prio_parse_tres_counts(&w, "cpu=4,mem=65536,node=2,billing=7,"
				     "license/foo=1", v, &e) == 0,
	   "billing: counts parse (%s)", e.msg);
	/* cpu 6 + mem 16 + node 4 + license 3; billing skipped. */
	ok(fs_prio_billing(&w, 0, v, 4) == 29, "billing: summed: %g",
	   fs_prio_billing(&w, 0, v, 4));
	/* max(6, 16, 4) + license 3. */
	ok(fs_prio_billing(&w, FS_PRIO_MAX_TRES, v, 4) == 19,
	   "billing: MAX_TRES: %g", fs_prio_billing(&w, FS_PRIO_MAX_TRES, v, 4));
	/* MAX_TRES_GRES (25.05): max(cpu 6, mem 16, node 4) + the GRES
	 * (gpu 8) + license 3; MAX_TRES has the GPU among the node TRES:
	 * max(6, 16, 4, 8) + 3. */
	ok(fs_prio_parse_billing_weights(&w, "Mem=0.25G,CPU=1.5,Node=2,"
					 "GRES/gpu=4,license/foo=3", &e) == 0 &&
	   fs_prio_parse_tres_counts(&w, "cpu=4,mem=65536,node=2,gres/gpu=2,"
				     "license/foo=1", v, &e) == 0,
	   "billing: weights and counts with a GRES parse (%s)", e.msg);
	ok(fs_prio_billing(&w, 0, v, 4) == 37, "billing: GRES summed: %g",
	   fs_prio_billing(&w, 0, v, 4));
	ok(fs_prio_billing(&w, FS_PRIO_MAX_TRES, v, 4) == 19,
	   "billing: MAX_TRES takes the GPU among the node TRES: %g",
	   fs_prio_billing(&w, FS_PRIO_MAX_TRES, v, 4));
	ok(fs_prio_billing(&w, FS_PRIO_MAX_TRES_GRES, v, 4) == 27,
	   "billing: MAX_TRES_GRES adds the GPU to the largest: %g",
	   fs_prio_billing(&w, FS_PRIO_MAX_TRES_GRES, v, 4));
	/* A GPU term above the others: MAX_TRES gives it alone. */
	v[3] = 8;
	ok(fs_prio_billing(&w, FS_PRIO_MAX_TRES, v, 4) == 35 &&
	   fs_prio_billing(&w, FS_PRIO_MAX_TRES_GRES, v, 4) == 51,
	   "billing: 8 GPUs: MAX_TRES %g, MAX_TRES_GRES %g",
	   fs_prio_billing(&w, FS_PRIO_MAX_TRES, v, 4),
	   fs_prio_billing(&w, FS_PRIO_MAX_TRES_GRES, v, 4));
	ok(fs_prio_parse_billing_weights(&w, "CPU=x", &e) < 0 &&
	   !strcmp(e.msg, "TRESBillingWeights: 'CPU': not a weight: 'x'"),
	   "billing: a bad weight is named (%s)", e.msg);
}

/* The new job's GRES (fs-prio --new --gres, --gpus) as the TRES counts
 * the controller gives a pending job, and its billing from them: the GPU
 * term counts under each flag as Slurm's assoc_mgr_tres_weighted. */
static void
test_new_gres(void)
{
	struct fs_prio_newjob o;
	struct fs_err e = {NULL, 0, ""};
	struct fs_buf b;
	double bill = -1;
	int r;
	const char *w = "CPU=3,Mem=16G,GRES/gpu=5";

	memset(&o, 0, sizeof(o));
	fs_buf_init(&b);
	o.gres = "gpu:2";
	r = fs_prio_new_gres(&o, 3, &b, &e) == 0 && b.data &&
	    !strcmp(b.data, ",gres/gpu=6");
	ok(r, "new GRES: --gres gpu:2 on 3 nodes: %s (%s)", b.data, e.msg);
	fs_buf_release(&b);
	fs_buf_init(&b);
	o.gres = "gpu:a100:1,mps:200,shard";
	o.gpus = "v100:2";
	r = fs_prio_new_gres(&o, 2, &b, &e) == 0 && b.data &&
	    !strcmp(b.data, ",gres/gpu=4,gres/gpu:a100=2,gres/mps=400,"
		   "gres/shard=2,gres/gpu:v100=2");
	ok(r, "new GRES: types count under the name too: %s (%s)", b.data,
	   e.msg);
	fs_buf_release(&b);
	o.gres = "gpu:1";
	o.gpus = "1";
	fs_buf_init(&b);
	r = fs_prio_new_gres(&o, 1, &b, &e) < 0 && !strcmp(e.file, "--gpus") &&
	    strstr(e.msg, "'gpu' asked for twice");
	ok(r, "new GRES: gpu by --gres and --gpus is refused: %s", e.msg);
	o.gpus = NULL;
	o.gres = "gpu:a:b:2";
	r = fs_prio_new_gres(&o, 1, &b, &e) < 0 && !strcmp(e.file, "--gres") &&
	    !strcmp(e.msg, "expected NAME[:TYPE][:COUNT], not 'gpu:a:b:2'");
	ok(r, "new GRES: four words are refused: %s", e.msg);
	o.gres = "gpu=2";
	r = fs_prio_new_gres(&o, 1, &b, &e) < 0 &&
	    !strcmp(e.msg, "'gpu=2': not a GRES name or type");
	ok(r, "new GRES: a name that would break the TRES list: %s", e.msg);
	o.gres = NULL;
	o.gpus = "a100";
	r = fs_prio_new_gres(&o, 1, &b, &e) < 0 &&
	    !strcmp(e.msg, "expected [TYPE:]COUNT, not 'a100'");
	ok(r, "new GRES: --gpus needs a count: %s", e.msg);
	fs_buf_release(&b);
	/* cpu 3, mem 128 MB at 16 a GB: 2, gpu 2 at 5: 10. */
	r = fs_prio_billing_of(w, 0, "cpu=1,mem=128,node=1,gres/gpu=2", 1,
			       &bill, &e) == 0 && bill == 15;
	ok(r, "billing of a TRES list: summed %g", bill);
	r = fs_prio_billing_of(w, FS_PRIO_MAX_TRES, "cpu=1,mem=128,node=1,"
			      "gres/gpu=2", 1, &bill, &e) == 0 && bill == 10;
	ok(r, "billing of a TRES list: MAX_TRES %g", bill);
	r = fs_prio_billing_of(w, FS_PRIO_MAX_TRES_GRES, "cpu=1,mem=128,node=1,"
			      "gres/gpu=2", 1, &bill, &e) == 0 && bill == 13;
	ok(r, "billing of a TRES list: MAX_TRES_GRES %g", bill);
	r = fs_prio_billing_of(NULL, FS_PRIO_MAX_TRES, "cpu=4,gres/gpu=2", 4,
			       &bill, &e) == 0 && bill == 4;
	ok(r, "billing of a TRES list: no weights, the CPUs %g", bill);
	r = fs_prio_billing_of("CPU=x", 0, "cpu=4", 4, &bill, &e) < 0;
	ok(r, "billing of a TRES list: a bad weight is refused (%s)", e.msg);
}

/* What a pending job keeps of its factors gives them back bit for bit
 * (fs_prio_keep, fs_prio_factors_of): weights, flags, TRES, site and nice
 * of every size, clamped both ways. */
static void
test_kept(void)
{
	static const uint32_t w[] = {0, 1, 1000, 65535, 4294967295u};
	unsigned long long r = 42;
	int i, bad = 0;

	for (i = 0; i < 2000; i++) {
		struct fs_prio_conf c;
		struct fs_prio_job j;
		struct fs_prio_pending p;
		struct fs_prio_factors f, g;
		double mem[3 * 3];
		size_t k;

#define RND() (r = r * 6364136223846793005ULL + 1442695040888963407ULL, \
	       (unsigned)(r >> 33))
		fs_prio_conf_init(&c);
		c.w_age = w[RND() % 5];
		c.w_assoc = w[RND() % 5];
		c.w_fs = w[RND() % 5];
		c.w_js = w[RND() % 5];
		c.w_part = w[RND() % 5];
		c.w_qos = w[RND() % 5];
		c.flags = RND() % 2 ? FS_PRIO_NO_NORMAL_TRES : 0;
		c.nodes = 1 + RND() % 100;
		c.cpus = c.nodes * (1 + RND() % 64);
		c.ntres = RND() % 4;
		for (k = 0; k < c.ntres; k++) {
			snprintf(c.tres_name[k], sizeof(c.tres_name[k]),
				 "t%zu", k);
			c.tres_weight[k] = (double)(RND() % 5000) / 7;
		}
		job_init(&j);
		j.accrue = NOW - (long long)(RND() % 1000000);
		j.fs = (double)(RND() % 1000) / 999;
		j.assoc_max = 1 + RND() % 100;
		j.assoc_prio = RND() % (j.assoc_max + 1);
		j.part_max = 1 + RND() % 10;
		j.part_factor = RND() % (j.part_max + 1);
		j.qos_max = 1 + RND() % 1000;
		j.qos_prio = RND() % (j.qos_max + 1);
		j.min_cpus = 1 + RND() % 64;
		j.min_nodes = 1 + RND() % 4;
		j.site = (int64_t)(RND() % 20001) - 10000;
		j.nice = (int64_t)(RND() % 2000001) - 1000000;
		for (k = 0; k < c.ntres; k++) {
			tres_value[k] = RND() % 50;
			tres_part[k] = RND() % 100;
		}
		f = run(&c, &j);
		memset(&p, 0, sizeof(p));
		memcpy(mem, tres_value, sizeof(double) * c.ntres);
		j.tres_value = mem;
		p.tres_mem = c.ntres ? mem : NULL;
		p.fs = j.fs;
		p.site = j.site;
		p.nice = j.nice;
		fs_prio_pending_compute(&c, &p, &j, NOW);
		fs_prio_factors_of(&c, &p, &g);
		if (memcmp(&f.age, &g.age, 12 * sizeof(double)) ||
		    memcmp(&f.tres_sum, &g.tres_sum, 2 * sizeof(double)) ||
		    f.clamped != g.clamped || f.priority != g.priority ||
		    p.priority != f.priority ||
		    (c.ntres && (memcmp(f.tres, g.tres, c.ntres *
					sizeof(double)) ||
				 memcmp(f.w_tres, g.w_tres, c.ntres *
					sizeof(double)))))
			bad++;
	}
	ok(!bad, "kept factors give back the computed ones (%d of 2000 "
	   "differ)", bad);
}

/* A job's record: an array's tasks, the billing of its TRES; the places
 * file, written from a snapshot and read back. */
static void
test_record_places(void)
{
	static const struct {
		const char *s;
		int ok;
		uint32_t n;
	} arr[] = {
		{"1-10", 1, 10}, {"0-9:3%2", 1, 4}, {"1,3,5-9:2", 1, 5},
		{"7", 1, 1}, {"", 0, 0}, {"5-1", 0, 0}, {"1-4:0", 0, 0},
		{"1-4x", 0, 0}, {"0-4294967295", 0, 0}, {"a", 0, 0},
	};
	struct fs_prio_snapshot s;
	struct fs_prio_part part[3];
	struct fs_prio_pending job[6];
	double stored[6] = {0};
	struct fs_buf b;
	struct fs_place pl;
	struct fs_err e = {NULL, 0, ""};
	double billing = 0;
	uint32_t n;
	size_t i;

	for (i = 0; i < sizeof(arr) / sizeof(*arr); i++) {
		n = 0;
		ok(fs_prio_array_tasks(arr[i].s, &n) == arr[i].ok &&
		   (!arr[i].ok || n == arr[i].n), "array '%s': %s %u",
		   arr[i].s, arr[i].ok ? "tasks" : "not an array", arr[i].n);
	}
	ok(fs_prio_tres_billing("cpu=4,mem=2G,node=1,billing=12", &billing) &&
	   billing == 12, "billing=12 from a TRES list");
	ok(!fs_prio_tres_billing("cpu=4,mem=2G", &billing) &&
	   !fs_prio_tres_billing("billing=x", &billing) &&
	   !fs_prio_tres_billing(NULL, &billing), "no billing, or a bad one");

	memset(&s, 0, sizeof(s));
	memset(part, 0, sizeof(part));
	memset(job, 0, sizeof(job));
	part[0].name = "main", part[0].tier = 1, part[0].shares = "hi";
	part[1].name = "hi", part[1].tier = 2, part[1].shares = "main";
	part[2].name = "apart", part[2].tier = 1, part[2].shares = "";
	s.cl.part = part, s.cl.npart = 3;
	job[0].part = "main", job[0].priority = 500;
	job[1].part = "main", job[1].priority = 300;
	job[2].part = "main", job[2].priority = 500;
	job[3].part = "hi", job[3].priority = 10;
	job[4].part = "gone", job[4].priority = 900;
	/* A job that runs (CALCULATE_RUNNING) is not in the queue. */
	job[5].part = "main", job[5].priority = 900, job[5].stored = stored;
	s.job = job, s.njob = 6, s.now = 0;
	fs_buf_init(&b);
	fs_places_write(&s, &b);
	ok(b.data && !strcmp(b.data, "#fs-places 1\n#taken=1970-01-01T00:00:00Z\n"
			     "Partition\tTier\tBefore\tPriority\tJobs\n"
			     "main\t1\t1\t0\t0\nmain\t1\t1\t500\t2\n"
			     "main\t1\t1\t300\t1\nhi\t2\t0\t0\t0\n"
			     "hi\t2\t0\t10\t1\napart\t1\t0\t0\t0\n"),
	   "places: by partition, highest first, a higher tier's jobs "
	   "before those of the partitions it shares nodes with, a job "
	   "not pending left out");
	ok(fs_places_find(b.data, "main", 400, &pl, &e) == 1 &&
	   pl.place == 4 && pl.total == 5,
	   "priority 400 in main: place 4 of 5 (%zu of %zu)", pl.place,
	   pl.total);
	ok(fs_places_find(b.data, "main", 500, &pl, &e) == 1 &&
	   pl.place == 4 && fs_places_find(b.data, "main", 501, &pl, &e) == 1 &&
	   pl.place == 2, "after its equals, before the lower");
	ok(fs_places_find(b.data, "apart", 1, &pl, &e) == 1 && pl.place == 1 &&
	   pl.total == 1 && fs_places_find(b.data, "nope", 1, &pl, &e) == 0,
	   "a partition of its own: 1 of 1; one not in the file: not found");
	ok(fs_places_find("#fs-places 1\nPartition\tTier\tBefore\tPriority\t"
			  "Jobs\nmain\t1\t0\tx\t1\n", "main", 1, &pl, &e) < 0 &&
	   e.line == 3 && fs_places_find("garbage", "main", 1, &pl, &e) < 0,
	   "a bad places file: refused at its line (%s)", e.msg);
	fs_buf_release(&b);
}

/* A row of the factors the controller stored (CALCULATE_RUNNING): the
 * weighted ones as they are, normalised as sprio divides them, summed in
 * sprio's order, clamped. */
static void
test_stored(void)
{
	struct fs_prio_conf c;
	struct fs_prio_pending p;
	struct fs_prio_factors f;
	double w[6] = {1000, 889, 25000, 3000, 500, 0};
	double mem[3 * 2] = {0, 0, 0.25, 0, 275, 0};

	fs_prio_conf_init(&c);
	c.w_age = 1000, c.w_assoc = 2000, c.w_fs = 100000, c.w_js = 3000;
	c.w_part = 5000, c.w_qos = 0;
	c.ntres = 2;
	snprintf(c.tres_name[0], sizeof(c.tres_name[0]), "cpu");
	snprintf(c.tres_name[1], sizeof(c.tres_name[1]), "mem");
	c.tres_weight[0] = 1100;
	memset(&p, 0, sizeof(p));
	p.stored = w;
	p.tres_mem = mem;
	p.nice = 100;
	p.site = 7;
	/* What a computed row would keep must not be read. */
	p.f.age = 0.5, p.f.sum = -1, p.fs = 0.9;
	fs_prio_factors_of(&c, &p, &f);
	ok(f.w_age == 1000 && f.w_assoc == 889 && f.w_fs == 25000 &&
	   f.w_js == 3000 && f.w_part == 500 && f.w_qos == 0 &&
	   f.w_tres[0] == 275 && f.tres[0] == 0.25,
	   "stored: the weighted factors as stored");
	ok(f.age == 1 && f.assoc == 889.0 / 2000 && f.fs == 0.25 &&
	   f.js == 1 && f.part == 0.1 && f.qos == 0,
	   "stored: each normalised as sprio divides it (weight 0: 0)");
	ok(f.sum == 1000.0 + 889 + 25000 + 3000 + 500 + 0 + 7 - 100 + 275 &&
	   f.priority == 30571 && !f.clamped,
	   "stored: the sum as sprio adds it (%.17g), truncated (%u)", f.sum,
	   f.priority);
	memset(w, 0, sizeof(w));
	mem[4] = 0;
	fs_prio_factors_of(&c, &p, &f);
	ok(f.priority == 1 && f.clamped == -1,
	   "stored: a sum below 1 raised to 1");
}

int
main(void)
{
	test_stored();
	test_record_places();
	test_age();
	test_normalised();
	test_jobsize();
	test_tres_nice_clamp();
	test_parse();
	test_billing();
	test_new_gres();
	test_kept();
	return done_testing();
}
