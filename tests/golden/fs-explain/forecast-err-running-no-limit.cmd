fs-tree --sample | fs-explain --forecast astro/alice bob --running <(printf 'JobID|User|Account|Partition|Start|End|AllocTRES\n1|bob|astro||2026-11-20T05:00:00|Unknown|billing=8\n')
