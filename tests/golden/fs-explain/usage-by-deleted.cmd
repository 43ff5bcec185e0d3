# An account's own usage beyond its users': a deleted user's, which Slurm
# keeps in the account. More than 8 users: the lightest are counted.
fs-explain --usage-by big
