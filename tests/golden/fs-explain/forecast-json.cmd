fs-tree --sample | fs-explain --forecast --json astro/alice bob --running golden/forecast-running-jobs.txt --rate-from golden/forecast-sacct.txt --rate chem/grace=3
