package config

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strconv"

	"github.com/pbemd/pbemd/campaign"
	"go.yaml.in/yaml/v3"
)

// MaxScenarioBytes is the largest scenario file the loader reads.
const MaxScenarioBytes = 8 << 20

// Defaults for a scenario's dates: campaigns start in Y165 spring
// (EaW 2d) and end after Y205 (EaW 1.0, 4e) unless the scenario says
// otherwise.
const (
	DefaultStartYear = 165
	DefaultEndYear   = 205
)

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

// LoadScenario reads and checks the scenario file at path. Content problems
// are returned as Problems; failing to read the file is a wrapped error.
func LoadScenario(path string) (*Scenario, error) {
	data, err := ReadScenario(path)
	if err != nil {
		return nil, err
	}
	return ParseScenario(path, data)
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
// It returns every problem it finds as Problems, sorted by position.
func ParseScenario(file string, data []byte) (*Scenario, error) {
	c := newChecker(file)
	root := c.document(data, MaxScenarioBytes,
		"file is empty; a scenario needs at least campaign, title, seed, schedule, gm, players, map and units")
	if root == nil {
		return nil, c.Err()
	}
	l := newLoader(c)
	l.scenario(root)
	if err := c.Err(); err != nil {
		return nil, err
	}
	l.finish()
	return &Scenario{State: l.st, Schedule: l.schedule, GM: l.gm, Moderation: l.moderation}, nil
}

// loader builds a scenario's state while its checker collects problems.
type loader struct {
	*checker
	st         *campaign.State
	schedule   campaign.Schedule
	gm         Contact
	moderation campaign.Moderation

	// Indexes of what was read so far, for checking references. A nil
	// index means its section could not be read, so references into it are
	// not checked (one missing section should not cause a hundred problems).
	systems map[campaign.SystemID]*systemEntry
	players map[campaign.PlayerID]*yaml.Node
	classes map[campaign.ClassName]*yaml.Node

	systemIDs  []string
	playerIDs  []string
	classNames []string
	// refitNodes are the refits read, checked once every class is known.
	refitNodes []*yaml.Node
	// nearby is what is left of the work nearest may do, in systems
	// compared, so a map of thousands of laneless systems cannot make the
	// check quadratic.
	nearby int
	// devs holds each development by system and kind, with the node that
	// made it (nil for a home mine) and its owner.
	devs map[devKey]devEntry
}

// systemEntry is a system as read, with the node it came from.
type systemEntry struct {
	node   *yaml.Node
	system campaign.System
	lanes  int
}

type devKey struct {
	at   campaign.SystemID
	kind campaign.DevelopmentKind
}

type devEntry struct {
	node  *yaml.Node
	owner campaign.PlayerID
}

func newLoader(c *checker) *loader {
	return &loader{
		checker: c,
		st: &campaign.State{
			Turn:    1,
			Start:   campaign.Date{Year: DefaultStartYear, Season: campaign.Spring},
			EndYear: DefaultEndYear,
		},
		devs:   make(map[devKey]devEntry),
		nearby: 1 << 20,
	}
}

var scenarioKeys = []string{
	"campaign", "title", "rules", "overrides", "seed", "start", "end", "schedule",
	"gm", "players", "map", "units", "fleets", "developments", "moderation",
}

// scenario reads the top-level mapping. Sections are read in dependency
// order (the map and units before the players and fleets that name them);
// problems are sorted into file order at the end.
func (l *loader) scenario(root *yaml.Node) {
	f, ok := l.Mapping(root, "scenario", scenarioKeys...)
	if !ok {
		return
	}
	if id, ok := l.id(l.need(f, "campaign", "frontier"), "campaign"); ok {
		l.st.Campaign = campaign.ID(id)
	}
	l.st.Title, _ = l.text(l.need(f, "title", "Frontier Wars"), "title")
	l.readRules(f.Value("rules"), f.Value("overrides"))
	l.readSeed(l.need(f, "seed", "7741"))
	l.readDates(f.Value("start"), f.Value("end"))
	l.readSchedule(l.need(f, "schedule", `{every: 72h, at: "20:00", timezone: UTC}`))
	l.readGM(l.need(f, "gm", "{name: Dana Ortiz, email: gm@example.org}"))
	l.moderation = campaign.DefaultModeration()
	l.override(f.Value("moderation"), reflect.ValueOf(&l.moderation).Elem(), "moderation")
	l.readMap(l.need(f, "map", "{systems: [...], lanes: [...]}"))
	l.readUnits(l.need(f, "units", "[{class: cruiser, cbpv: 120, ebpv: 115, size: 3, docking: 8}]"))
	l.readPlayers(l.need(f, "players", "[{id: vorn, name: Drask, email: vorn@example.org, home: drakkar}]"))
	l.readFleets(f.Value("fleets"))
	l.readDevelopments(f.Value("developments"))
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

// readDates reads the start date (default Y165 spring, EaW 2d) and the end
// year (default Y205, EaW 4e).
func (l *loader) readDates(start, end *yaml.Node) {
	if f, ok := l.Mapping(start, "start", "year", "season"); ok {
		if y, ok := l.year(f.Value("year"), "start year"); ok {
			l.st.Start.Year = y
		}
		if s, ok := l.text(f.Value("season"), "season"); ok {
			season, err := campaign.ParseSeason(s)
			if err != nil {
				l.addf(f.Value("season"), "season %s is not a season; write spring, summer, fall or winter", quote(s))
			}
			l.st.Start.Season = season
		}
	}
	if end == nil && l.st.Start.Year > DefaultEndYear {
		l.addf(start, "the campaign starts after Y%d, its default end; add e.g. end: {year: %d}", DefaultEndYear, l.st.Start.Year+10)
		return
	}
	f, ok := l.Mapping(end, "end", "year")
	if !ok {
		return
	}
	yn := l.need(f, "year", "175")
	y, ok := l.year(yn, "end year")
	if !ok {
		return
	}
	l.st.EndYear = y
	if y < l.st.Start.Year {
		l.addf(yn, "end year %d is before the start year %d; write a year from %d on", y, l.st.Start.Year, l.st.Start.Year)
	}
}

func (l *loader) year(n *yaml.Node, what string) (int, bool) {
	y, ok := l.Int(n, what, "")
	if ok && y < 1 {
		l.addf(n, "%s %d: want a year from 1 on, e.g. %d", what, y, DefaultStartYear)
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
	s.Every, _ = l.duration(f.Value("every"), "every")
	if s.Every < 0 {
		l.addf(f.Value("every"), "every %v is negative; write a turn length such as 72h", s.Every)
	}
	if at, ok := l.text(f.Value("at"), "at"); ok {
		if err := (campaign.Schedule{Every: 1, At: at}).Check(); err != nil {
			l.addf(f.Value("at"), "at: %v", err)
		}
		s.At = at
	}
	if items, ok := l.List(f.Value("weekly"), "weekly", ""); ok {
		for _, item := range items {
			w, ok := l.text(item, "weekly time")
			if !ok {
				continue
			}
			if err := (campaign.Schedule{Weekly: []string{w}}).Check(); err != nil {
				l.addf(item, "%v", err)
			}
			s.Weekly = append(s.Weekly, w)
		}
	}
	if s.At != "" && len(s.Weekly) > 0 {
		l.addf(f.Value("at"), "at goes with every; weekly times carry their own time of day, so remove at")
	}
	s.TimeZone, _ = l.zone(f.Value("timezone"), "timezone")
	if l.Len() == before {
		if err := s.Check(); err != nil {
			l.addf(n, "%v", err)
		}
	}
}

func (l *loader) readGM(n *yaml.Node) {
	f, ok := l.Mapping(n, "gm", "name", "email")
	if !ok {
		return
	}
	l.gm.Name, _ = l.text(f.Value("name"), "gm name")
	l.gm.Email, _ = l.email(l.need(f, "email", "gm@example.org"), "gm email")
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
