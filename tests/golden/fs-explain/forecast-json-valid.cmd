# Every forecast JSON document is valid JSON (jq reads it) and says the
# same answer as the text.
for a in "--forecast astro/alice bob --running golden/forecast-running-jobs.txt --rate-from golden/forecast-sacct.txt" "--until rank=3 astro/bob --rate chem/grace=3" "--until fairshare=0.1 astro/bob" "--forecast chem physics --rate chem/grace=16 --horizon 3d" "--forecast astro/alice bob --no-running"; do
	fs-tree --sample | fs-explain --json $a | jq -c '[.goal, .answer, .at, .decay_runs, .assuming.running]'
	fs-tree --sample | fs-explain $a | grep Answer
done
