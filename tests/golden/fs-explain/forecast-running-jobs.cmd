fs-tree --sample | fs-explain --until rank=1 astro/bob --running golden/forecast-running-jobs.txt --horizon 6h
