package pass_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// counting counts the ops it runs on under two statistics of different
// name lengths, one ten times the other.
func counting() *pass.Pass {
	return &pass.Pass{Name: "Counting", Argument: "counting",
		Statistics: []pass.Statistic{{Name: "ops", Desc: "Ops seen"}, {Name: "a-tenfold", Desc: "Ten per op"}},
		Run: func(_ *ir.Operation, pc *pass.Context) error {
			pc.AddStatistic("ops", 1)
			pc.AddStatistic("a-tenfold", 10)
			return nil
		}}
}

// Counts from parallel runs add up (CSE merges f2's equal constants
// too); the report sorts statistics by name
// and pads names and values to the widest, as MLIR's.
func TestStatisticsReport(t *testing.T) {
	reg := registry()
	reg.Add(counting)
	p, err := pass.Parse("builtin.module(test.func(counting,cse),counting)", reg)
	if err != nil {
		t.Fatal(err)
	}
	m := parseModule(t, moduleText(12))
	if err := pass.New(p, pass.Config{}).Run(m); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	pass.WriteStatistics(&b, p, pass.StatisticsPipeline)
	rule := "===" + strings.Repeat("-", 73) + "===\n"
	head := rule + "                         ... Pass statistics report ...\n" + rule
	want := head + `'test.func' Pipeline
  Counting
    (S) 120 a-tenfold - Ten per op
    (S)  12 ops       - Ops seen
  CSE
    (S) 13 num-cse'd - Number of operations CSE'd
    (S) 12 num-dce'd - Number of operations DCE'd
Counting
  (S) 10 a-tenfold - Ten per op
  (S)  1 ops       - Ops seen

`
	if b.String() != want {
		t.Errorf("pipeline:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	pass.WriteStatistics(&b, p, pass.StatisticsList)
	want = head + `  CSE
    (S) 13 num-cse'd - Number of operations CSE'd
    (S) 12 num-dce'd - Number of operations DCE'd
  Counting
    (S) 130 a-tenfold - Ten per op
    (S)  13 ops       - Ops seen

`
	if b.String() != want {
		t.Errorf("list:\n%s\nwant:\n%s", b.String(), want)
	}
}
