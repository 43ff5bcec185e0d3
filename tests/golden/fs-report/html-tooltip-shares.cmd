for alg in fairtree classic; do
	fs-tree --sample | fs-rank --algorithm $alg | fs-report --html --width usage |
		grep -A3 '<title>\(account root\|account physics\|account theory\|user frank\)' |
		grep -o '<title>\(account root\|account physics\|account theory\|user frank\).*\|^Shares.*'
done
