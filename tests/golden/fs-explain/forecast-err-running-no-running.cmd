fs-tree --sample | fs-explain --forecast astro/alice bob --running golden/forecast-running-jobs.txt --no-running
