SLURM_CONF=/nonexistent fs-prio --new -u alice -n 0 </dev/null
