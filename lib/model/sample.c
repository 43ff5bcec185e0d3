/*
 * sample.c: the sample tree behind `fs-tree --sample`, so the toolkit can be
 * tried without a cluster. It has every case worth seeing: several levels,
 * a user under two accounts (alice), zero shares on a user (judy) and on an
 * account (guests), FairShare=parent on an account (theory) and on a user
 * (frank), tied sibling users (kim and leo), tied sibling accounts (genomics
 * and proteomics) and idle users (dave, heidi). Account usage is left empty:
 * it is the sum of the children.
 */
#include "model/model.h"

const char fs_sample_tree[] =
	"#fs-tsv 1\n"
	"#cluster=demo\n"
	"#taken=2026-11-20T08:00:00Z\n"
	"#source=sample\n"
	"#half_life=604800\n"
	"#calc_period=300\n"
	"#algorithm=fairtree\n"
	"#dampening=1\n"
	"#trailer=#end\n"
	"Account\tUser\tPartition\tParent\tRawShares\tRawUsage\tGrpTRESMins\tTRESRunMins\n"
	"root\t\t\t\t\t\t\tcpu=0\n"
	"physics\t\t\troot\t40\t\t\tcpu=0\n"
	"astro\t\t\tphysics\t30\t\t\tcpu=0\n"
	"astro\talice\t\tastro\t1\t52340.517292\t\tcpu=0\n"
	"astro\tbob\t\tastro\t1\t18211.004871\t\tcpu=0\n"
	"hep\t\t\tphysics\t10\t\t\tcpu=0\n"
	"hep\tcarol\t\thep\t1\t9120.250000\t\tcpu=0\n"
	"hep\tdave\t\thep\t1\t0\t\tcpu=0\n"
	"theory\t\t\tphysics\tparent\t\t\tcpu=0\n"
	"theory\terin\t\ttheory\t1\t4096.000000\t\tcpu=0\n"
	"theory\tfrank\t\ttheory\tparent\t731.500000\t\tcpu=0\n"
	"chem\t\t\troot\t30\t\t\tcpu=0\n"
	"chem\talice\t\tchem\t1\t5012.750000\t\tcpu=0\n"
	"chem\tgrace\t\tchem\t2\t30455.125000\t\tcpu=0\n"
	"chem\theidi\t\tchem\t1\t0\t\tcpu=0\n"
	"bio\t\t\troot\t30\t\t\tcpu=0\n"
	"bio\tivan\t\tbio\t1\t12000.000000\t\tcpu=0\n"
	"bio\tjudy\t\tbio\t0\t8000.000000\t\tcpu=0\n"
	"genomics\t\t\tbio\t10\t\t\tcpu=0\n"
	"genomics\tkim\t\tgenomics\t1\t6000.000000\t\tcpu=0\n"
	"genomics\tleo\t\tgenomics\t1\t6000.000000\t\tcpu=0\n"
	"proteomics\t\t\tbio\t10\t\t\tcpu=0\n"
	"proteomics\tnina\t\tproteomics\t1\t9000.000000\t\tcpu=0\n"
	"proteomics\toscar\t\tproteomics\t1\t3000.000000\t\tcpu=0\n"
	"guests\t\t\troot\t0\t\t\tcpu=0\n"
	"guests\tmallory\t\tguests\t1\t2000.000000\t\tcpu=0\n"
	"#end\n";
