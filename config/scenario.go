package config

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
	"go.yaml.in/yaml/v3"
)

// MaxScenarioBytes is the largest scenario file the loader reads.
const MaxScenarioBytes = 8 << 20

// DefaultRules is the ruleset of a scenario without rules:, Empires at
// War, which every scenario played before rulesets had names.
const DefaultRules = "eaw"

// Contact is a name and a mail address.
type Contact struct {
	// Name may be empty.
	Name string
	// Email is a bare address, lower-cased.
	Email string
}

// Scenario is a loaded, checked scenario: turn 1 of a campaign, ready to
// play.
type Scenario struct {
	// State is turn 1. Fleets are sorted by owner, then ID; FRDs and
	// developments by owner, then system. Players, systems and lanes keep
	// the file's order.
	State *campaign.State
	// Schedule says when turns fall due.
	Schedule campaign.Schedule
	// GM is the game master, who gets the GM's mail.
	GM Contact
	// Moderation is how the daemon runs the campaign by mail.
	Moderation campaign.Moderation
}

// LoadScenario reads and checks the scenario file at path, with the
// ruleset its rules: names in reg. Content problems are returned as
// Problems; failing to read the file is a wrapped error.
func LoadScenario(path string, reg *game.Registry) (*Scenario, error) {
	data, err := ReadScenario(path)
	if err != nil {
		return nil, err
	}
	return ParseScenario(path, data, reg)
}

// ReadScenario reads the scenario file at path for ParseScenario, to parse
// elsewhere (a running daemon): at most one byte past MaxScenarioBytes, so
// that ParseScenario reports an oversized file.
func ReadScenario(path string) ([]byte, error) {
	data, err := readLimited(path, MaxScenarioBytes)
	if err != nil {
		return nil, fmt.Errorf("load scenario: %w", err)
	}
	return data, nil
}

// readLimited reads a file, but no more than one byte past limit, so the
// parser can report an oversized file without it all being read.
func readLimited(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data, nil
}

// ParseScenario checks a scenario held in data; file names it in problems.
// It reads what every scenario has and hands the rest to the ruleset the
// scenario's rules: names in reg (DefaultRules if it names none), which
// loads its part (game.Ruleset.LoadScenario). It returns every problem
// found, by either, as Problems sorted by position. reg must hold a
// ruleset.
func ParseScenario(file string, data []byte, reg *game.Registry) (*Scenario, error) {
	if len(reg.Names()) == 0 {
		return nil, errors.New("parse scenario: no ruleset to read it with")
	}
	c := newChecker(file)
	root := c.document(data, MaxScenarioBytes,
		"file is empty; a scenario needs at least campaign, title, seed, schedule, gm, players, map and units")
	if root == nil {
		return nil, c.Err()
	}
	l := newLoader(c)
	l.scenario(root, reg)
	if err := c.Err(); err != nil {
		return nil, err
	}
	l.finish()
	return &Scenario{State: l.st, Schedule: l.schedule, GM: l.gm, Moderation: l.moderation}, nil
}

// loadCatalogue reads the unit catalogue of the scenario file at path
// (ParseCatalogue).
func loadCatalogue(path string) (campaign.Catalogue, error) {
	data, err := ReadScenario(path)
	if err != nil {
		return nil, err
	}
	return ParseCatalogue(path, data)
}

// ParseCatalogue reads the unit catalogue of a scenario held in data, and
// nothing else of it: what a battle file takes from the scenario it
// names, whatever the scenario's ruleset. It returns the problems of the
// file's YAML and of its units as Problems, sorted by position.
func ParseCatalogue(file string, data []byte) (campaign.Catalogue, error) {
	c := newChecker(file)
	root := c.document(data, MaxScenarioBytes, "file is empty; a scenario needs units")
	if root == nil {
		return nil, c.Err()
	}
	// The other keys are the scenario's business: all count as known.
	var keys []string
	for i := 0; i < len(root.Content); i += 2 {
		keys = append(keys, root.Content[i].Value)
	}
	l := newLoader(c)
	if f, ok := l.Mapping(root, "scenario", keys...); ok {
		l.readUnits(l.Need(f, "units", unitsExample))
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	return l.st.Catalogue, nil
}

// loader builds a scenario's state while its checker collects problems.
type loader struct {
	*checker
	st         *campaign.State
	schedule   campaign.Schedule
	gm         Contact
	moderation campaign.Moderation
	// spec is what the ruleset reads of the file, and part what the
	// ruleset gets to load its own part.
	spec game.ScenarioSpec
	part *game.ScenarioPart

	// Indexes of what was read so far, for checking references. A nil
	// index means its section could not be read, so references into it are
	// not checked (one missing section should not cause a hundred problems).
	systems map[campaign.SystemID]*yaml.Node
	players map[campaign.PlayerID]*yaml.Node
	classes map[campaign.ClassName]*yaml.Node

	systemIDs  []string
	playerIDs  []string
	classNames []string
	// refitNodes are the refits read, checked once every class is known.
	refitNodes []*yaml.Node
}

func newLoader(c *checker) *loader {
	st := &campaign.State{Turn: 1}
	return &loader{
		checker: c,
		st:      st,
		part:    &game.ScenarioPart{State: st, Problems: c.Collector},
	}
}

// scenarioKeys are the keys of every scenario: the ruleset's own follow
// rules.
var scenarioKeys = [2][]string{
	{"campaign", "title", "rules"},
	{"seed", "start", "end", "schedule", "gm", "players", "map", "units", "fleets", "developments", "moderation"},
}

// unitsExample is a catalogue to show.
const unitsExample = "[{class: cruiser, cbpv: 120, ebpv: 115, size: 3, docking: 8}]"

// moderationLimits list the values moderation's text fields may take.
var moderationLimits = orders.Limits{Choices: map[string][]string{
	"moderation.messages":        policyNames(),
	"moderation.battles.timeout": {campaign.TimeoutAuto, campaign.TimeoutGM},
	"moderation.decisions":       {campaign.DecideVotes, campaign.DecideGM},
}}

func policyNames() []string {
	out := make([]string, len(campaign.MessagePolicies))
	for i, p := range campaign.MessagePolicies {
		out[i] = string(p)
	}
	return out
}

// scenario reads the top-level mapping, then has the ruleset load its
// part. Sections are read in dependency order (the map and units before
// the players and fleets that name them); problems are sorted into file
// order at the end.
func (l *loader) scenario(root *yaml.Node, reg *game.Registry) {
	rs, found := pickRuleset(reg, l.Collector, value(root, "rules"))
	l.spec = rs.ScenarioSpec()
	l.st.Start, l.st.EndYear = l.spec.Start, l.spec.EndYear
	f, ok := l.Mapping(root, "scenario", slices.Concat(scenarioKeys[0], l.spec.Keys, scenarioKeys[1])...)
	if !ok {
		return
	}
	l.part.Keys = f
	if id, ok := l.id(l.Need(f, "campaign", "frontier"), "campaign"); ok {
		l.st.Campaign = campaign.ID(id)
	}
	l.st.Title, _ = l.Text(l.Need(f, "title", "Frontier Wars"), "title")
	l.readRules(f, reg, rs, found)
	l.readSeed(l.Need(f, "seed", "7741"))
	l.readDates(f.Value("start"), f.Value("end"))
	l.readSchedule(l.Need(f, "schedule", `{every: 72h, at: "20:00", timezone: UTC}`))
	l.readGM(l.Need(f, "gm", "{name: Dana Ortiz, email: gm@example.org}"))
	l.moderation = campaign.DefaultModeration()
	l.Override(f.Value("moderation"), &l.moderation, "moderation", moderationLimits)
	l.readMap(l.Need(f, "map", "{systems: [...], lanes: [...]}"))
	l.readUnits(l.Need(f, "units", unitsExample))
	l.readPlayers(l.Need(f, "players", "[{id: vorn, name: Drask, email: vorn@example.org, home: drakkar}]"))
	l.readFleets(f.Value("fleets"))
	l.readDevelopments(f.Value("developments"))
	rs.LoadScenario(l.part)
	l.st.Rules.Preset = rs.Name()
}

// value returns the value of key in the mapping n, or nil: the first, as
// Collector.Mapping takes it.
func value(n *yaml.Node, key string) *yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// pickRuleset returns the ruleset to read a scenario with, whose rules:
// value is n (nil for none, which is DefaultRules), and whether reg has
// the ruleset the scenario names. If not, the file is read with the
// ruleset the name most resembles, or else reg's first, so that the GM
// sees its other problems as well.
func pickRuleset(reg *game.Registry, c *orders.Collector, n *yaml.Node) (rs game.Ruleset, found bool) {
	name := DefaultRules
	if n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() != "!!null" {
		name = strings.TrimSpace(n.Value)
	}
	if rs, err := reg.Lookup(name); err == nil {
		return rs, true
	}
	names := reg.Names()
	like, ok := c.Suggest(name, names)
	if !ok {
		like = names[0]
	}
	rs, _ = reg.Lookup(like)
	return rs, false
}

// readRules checks the scenario's rules:, the name of a ruleset in reg;
// found is whether reg has it (pickRuleset), and rs is the ruleset the
// file is read with.
func (l *loader) readRules(f orders.Fields, reg *game.Registry, rs game.Ruleset, found bool) {
	n := f.Value("rules")
	if n == nil {
		if !found {
			l.Addf(f.Node, "scenario has no rules; add e.g. rules: %s", rs.Name())
		}
		return
	}
	if name, ok := l.Text(n, "rules"); ok && !found {
		names := reg.Names()
		l.Addf(n, "rules %s is not a preset pbemd knows: write %s%s", orders.Quote(name), orders.OneOf(names), l.Suggestion(name, names))
	}
}

func (l *loader) readSeed(n *yaml.Node) {
	const want = "a whole number from 0 to 18446744073709551615"
	s, ok := l.Scalar(n, "seed", want, "")
	if !ok {
		return
	}
	switch n.ShortTag() {
	case "!!int":
		if n.Decode(&l.st.Seed) == nil {
			return
		}
	case "!!str": // quoted, as Collector.Int accepts it
		if seed, err := strconv.ParseUint(s, 10, 64); err == nil {
			l.st.Seed = seed
			return
		}
	}
	l.Wrong(n, "seed", want, "")
}

// readDates reads the start date and the end year; a scenario that gives
// neither has the ruleset's.
func (l *loader) readDates(start, end *yaml.Node) {
	if f, ok := l.Mapping(start, "start", "year", "season"); ok {
		if y, ok := l.year(f.Value("year"), "start year"); ok {
			l.st.Start.Year = y
		}
		if s, ok := l.Text(f.Value("season"), "season"); ok {
			season, err := campaign.ParseSeason(s)
			if err != nil {
				l.Addf(f.Value("season"), "season %s is not a season; write spring, summer, fall or winter", orders.Quote(s))
			}
			l.st.Start.Season = season
		}
	}
	if end == nil && l.st.Start.Year > l.spec.EndYear {
		l.Addf(start, "the campaign starts after Y%d, its default end; add e.g. end: {year: %d}", l.spec.EndYear, l.st.Start.Year+10)
		return
	}
	f, ok := l.Mapping(end, "end", "year")
	if !ok {
		return
	}
	yn := l.Need(f, "year", "175")
	y, ok := l.year(yn, "end year")
	if !ok {
		return
	}
	l.st.EndYear = y
	if y < l.st.Start.Year {
		l.Addf(yn, "end year %d is before the start year %d; write a year from %d on", y, l.st.Start.Year, l.st.Start.Year)
	}
}

func (l *loader) year(n *yaml.Node, what string) (int, bool) {
	y, ok := l.Int(n, what, "")
	if ok && y < 1 {
		l.Addf(n, "%s %d: want a year from 1 on, e.g. %d", what, y, l.spec.Start.Year)
		return 0, false
	}
	return y, ok
}

// readSchedule reads the deadline schedule. Each part is checked where it
// is written; campaign.Schedule.Check then checks the whole.
func (l *loader) readSchedule(n *yaml.Node) {
	f, ok := l.Mapping(n, "schedule", "every", "at", "weekly", "timezone")
	if !ok {
		return
	}
	before := l.Len()
	s := &l.schedule
	s.Every, _ = l.Duration(f.Value("every"), "every")
	if s.Every < 0 {
		l.Addf(f.Value("every"), "every %v is negative; write a turn length such as 72h", s.Every)
	}
	if at, ok := l.Text(f.Value("at"), "at"); ok {
		if err := (campaign.Schedule{Every: 1, At: at}).Check(); err != nil {
			l.Addf(f.Value("at"), "at: %v", err)
		}
		s.At = at
	}
	if items, ok := l.List(f.Value("weekly"), "weekly", ""); ok {
		for _, item := range items {
			w, ok := l.Text(item, "weekly time")
			if !ok {
				continue
			}
			if err := (campaign.Schedule{Weekly: []string{w}}).Check(); err != nil {
				l.Addf(item, "%v", err)
			}
			s.Weekly = append(s.Weekly, w)
		}
	}
	if s.At != "" && len(s.Weekly) > 0 {
		l.Addf(f.Value("at"), "at goes with every; weekly times carry their own time of day, so remove at")
	}
	s.TimeZone, _ = l.zone(f.Value("timezone"), "timezone")
	if l.Len() == before {
		if err := s.Check(); err != nil {
			l.Addf(n, "%v", err)
		}
	}
}

func (l *loader) readGM(n *yaml.Node) {
	f, ok := l.Mapping(n, "gm", "name", "email")
	if !ok {
		return
	}
	l.gm.Name, _ = l.Text(f.Value("name"), "gm name")
	l.gm.Email, _ = l.email(l.Need(f, "email", "gm@example.org"), "gm email")
}

// finish puts the state's lists into their canonical order.
func (l *loader) finish() {
	slices.SortStableFunc(l.st.Fleets, func(a, b campaign.Fleet) int {
		return cmp.Or(cmp.Compare(a.Owner, b.Owner), cmp.Compare(a.ID, b.ID))
	})
	slices.SortStableFunc(l.st.FRDs, func(a, b campaign.FRD) int {
		return cmp.Or(cmp.Compare(a.Owner, b.Owner), cmp.Compare(a.At, b.At))
	})
	slices.SortStableFunc(l.st.Developments, func(a, b campaign.Development) int {
		return cmp.Or(cmp.Compare(a.Owner, b.Owner), cmp.Compare(a.At, b.At), cmp.Compare(a.Kind, b.Kind))
	})
}
