# The usage the job leaves is what fs-decay's replay of the same job, run
# to its end, gives (docs/slurm.md §4.3).
fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf -u astro/bob -n 4 -t 1-0 --cost --json | grep -o '"after": {"usage": [0-9.]*' | head -1
fs-tree --sample | fs-decay --jobs <(printf 'JobID|User|Account|Partition|Start|End|AllocTRES\n1|bob|astro||2026-11-20T08:00:00|2026-11-21T08:00:00|billing=4,cpu=4\n') --to 2026-11-21T08:00:00 | grep -P '^astro\tbob' | cut -f6
