# The decay run the forecast names is the first where a replay of the same
# usage (bob keeping 4 CPUs busy) ranks alice above bob: not at 10:20, at 10:25.
for t in 10:20 10:25; do fs-tree --sample | fs-decay --jobs <(printf 'JobID|User|Account|Partition|Start|End|AllocTRES\n1|bob|astro||2026-11-20T08:00:00|Unknown|billing=4\n') --to 2026-11-20T$t:00 | fs-explain astro/alice astro/bob | sed -n 3p; done
fs-tree --sample | fs-explain --forecast astro/alice bob --rate bob=4 | grep Answer
