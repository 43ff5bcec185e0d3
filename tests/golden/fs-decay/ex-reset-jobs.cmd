# the EXAMPLES line with jobs.txt = golden/fs-decay-sample.jobs
fs-tree --sample | fs-decay --reset --jobs golden/fs-decay-sample.jobs --elapsed 1d
