# A job past its time limit at the tree's time charges nothing more; one
# without a limit (UNLIMITED) runs to the horizon.
fs-tree --sample | fs-explain --forecast astro/alice bob --horizon 2h --running <(printf 'JobID|User|Account|Partition|Start|End|AllocTRES|Timelimit\n1|bob|astro||2026-11-20T05:00:00|Unknown|billing=8|03:00:00\n') | sed -n '/running/,/;$/p;/Answer/p'
fs-tree --sample | fs-explain --forecast astro/alice bob --horizon 2h --running <(printf 'JobID|User|Account|Partition|Start|End|AllocTRES|Timelimit\n1|bob|astro||2026-11-20T05:00:00|Unknown|billing=8|UNLIMITED\n') | sed -n '/running/,/;$/p;/Answer/p'
