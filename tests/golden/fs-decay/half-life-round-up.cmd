# slurm.conf forms are minutes rounded up, as slurmctld does; 90s is 90 seconds
fs-decay --half-life 0:30 --elapsed 1m trees/ex1.tsv | grep decay_half_life
fs-decay --half-life 90s --elapsed 1m trees/ex1.tsv | grep decay_half_life
