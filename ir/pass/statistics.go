package pass

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// StatisticsDisplay is how WriteStatistics lays out its report, as
// mlir-opt's --mlir-pass-statistics-display.
type StatisticsDisplay uint8

const (
	// StatisticsPipeline shows each pass where it is in the pipeline, with
	// its own values (the default).
	StatisticsPipeline StatisticsDisplay = iota
	// StatisticsList shows each pass name once, sorted, with the values of
	// all its instances summed.
	StatisticsList
)

// WriteStatistics writes the statistics of p's passes in MLIR's "Pass
// statistics report" format (PassStatistics.cpp).
func WriteStatistics(w io.Writer, p *Pipeline, display StatisticsDisplay) {
	const title = "... Pass statistics report ..."
	rule := "===" + strings.Repeat("-", 73) + "===\n"
	var b strings.Builder
	b.WriteString(rule)
	b.WriteString(strings.Repeat(" ", (80-len(title))/2) + title + "\n")
	b.WriteString(rule)
	if display == StatisticsList {
		sums := map[string][]uint64{}
		decls := map[string][]Statistic{}
		p.passes(func(ps *Pass) error {
			if len(ps.Statistics) == 0 {
				return nil
			}
			name := ps.DisplayName()
			if sums[name] == nil {
				sums[name], decls[name] = make([]uint64, len(ps.Statistics)), ps.Statistics
			}
			for i, v := range ps.statisticValues() {
				sums[name][i] += v
			}
			return nil
		})
		for _, name := range slices.Sorted(maps.Keys(sums)) {
			writeStatEntry(&b, 2, name, decls[name], sums[name])
		}
	} else {
		writeStatPipeline(&b, 0, p.Steps)
	}
	b.WriteString("\n")
	fmt.Fprint(w, b.String())
}

// writeStatPipeline writes the steps of a pipeline at an indentation.
func writeStatPipeline(b *strings.Builder, indent int, steps []Step) {
	for _, s := range steps {
		if s.Nested != nil {
			writeStatEntry(b, indent, "'"+s.Nested.Anchor+"' Pipeline", nil, nil)
			writeStatPipeline(b, indent+2, s.Nested.Steps)
			continue
		}
		writeStatEntry(b, indent, s.Pass.DisplayName(), s.Pass.Statistics, s.Pass.statisticValues())
	}
}

// writeStatEntry writes a pass name and its statistics sorted by name,
// as MLIR's "(S) %*u %-*s - %s" lines.
func writeStatEntry(b *strings.Builder, indent int, name string, decls []Statistic, vals []uint64) {
	pad := strings.Repeat(" ", indent)
	b.WriteString(pad + name + "\n")
	order := make([]int, len(decls))
	nameWidth, valueWidth := 0, 0
	for i, d := range decls {
		order[i] = i
		nameWidth = max(nameWidth, len(d.Name))
		valueWidth = max(valueWidth, len(strconv.FormatUint(vals[i], 10)))
	}
	slices.SortStableFunc(order, func(x, y int) int { return strings.Compare(decls[x].Name, decls[y].Name) })
	for _, i := range order {
		fmt.Fprintf(b, "%s  (S) %*d %-*s - %s\n", pad, valueWidth, vals[i], nameWidth, decls[i].Name, decls[i].Desc)
	}
}

// statisticValues returns the current values of the pass's statistics.
func (p *Pass) statisticValues() []uint64 {
	counts := p.counters()
	vals := make([]uint64, len(counts))
	for i := range counts {
		vals[i] = counts[i].Load()
	}
	return vals
}
