# Two accounts named, tied at Level FS 1, under --ties merge: their lists
# are merged, with nothing below them to compare (it read past both paths
# and crashed before); then the JSON's verdict, and the order under
# Slurm's ties.
f=$(mktemp); cat >"$f"
fs-explain --ties merge a b <"$f" && fs-explain --ties merge --json a b <"$f" | grep -E '"(order|rule|merged_levels)"' && fs-explain a b <"$f" | sed -n 3p
rm -f "$f"
