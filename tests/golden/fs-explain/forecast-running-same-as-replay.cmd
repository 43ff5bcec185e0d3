# The running jobs of --running charge what fs-decay's replay of the same
# jobs gives, each to its end (Start + Timelimit): job 11 ends before the
# horizon, job 12 after it (docs/slurm.md §4.3). Negative control: replayed
# with job 11 running to the horizon, the usage is not the same. The JSON
# shows every digit: the same as the replay's.
fs-tree --sample | fs-explain --until rank=1 astro/bob --running golden/forecast-running-jobs.txt --horizon 6h | sed -n '$p'
fs-tree --sample | fs-explain --until rank=1 --json astro/bob --running golden/forecast-running-jobs.txt --horizon 6h | grep -o '"after": {"usage": [0-9.]*'
fs-tree --sample | fs-decay --jobs <(printf 'JobID|User|Account|Partition|Start|End|AllocTRES\n11|bob|astro||2026-11-20T06:00:00|2026-11-20T10:00:00|billing=8\n12|bob|astro||2026-11-20T07:00:00|Unknown|billing=2\n') --to 2026-11-20T14:00:00 | grep -P '^astro\tbob' | cut -f6
fs-tree --sample | fs-decay --jobs <(printf 'JobID|User|Account|Partition|Start|End|AllocTRES\n11|bob|astro||2026-11-20T06:00:00|Unknown|billing=8\n12|bob|astro||2026-11-20T07:00:00|Unknown|billing=2\n') --to 2026-11-20T14:00:00 | grep -P '^astro\tbob' | cut -f6
