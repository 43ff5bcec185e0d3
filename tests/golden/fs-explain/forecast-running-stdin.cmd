fs-explain --until rank=1 astro/bob --horizon 6h --running - <(fs-tree --sample) < golden/forecast-running-jobs.txt | tail -1
