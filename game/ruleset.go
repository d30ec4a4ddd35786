package game

import (
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Ruleset is one campaign system as the daemon sees it. Every method is
// pure: it reads its arguments, changes none of them unless it says so,
// and gives the same result for the same input.
type Ruleset interface {
	// Name is the ruleset's name in scenario files: "eaw".
	Name() string
	// Version is the version of the ruleset's resolution, stamped into
	// every turn it resolves. It rises whenever the same state and orders
	// would give another outcome.
	Version() int

	// Due says who owes orders for the turn st opens, and by when, the
	// turn opening at now under the campaign's schedule: when a campaign
	// starts, when a turn resolves, and when the GM rolls back to a turn.
	Due(st *campaign.State, sched campaign.Schedule, now time.Time) ([]Due, error)
	// ScenarioSpec says what the ruleset reads of a scenario file beside
	// what every scenario has.
	ScenarioSpec() ScenarioSpec
	// LoadScenario loads the ruleset's part of a scenario into turn 1:
	// it reads its keys, sets up the campaign and checks the scenario
	// against its rules, recording every problem in p.Problems. Config
	// calls it even when the generic part has problems, so that a GM
	// learns of them all at once; a scenario with problems is not played.
	LoadScenario(p *ScenarioPart)

	// Kinds are the ruleset's order kinds and standing preferences: the
	// order kit reads a mail's orders: and prefs: with them.
	Kinds() orders.Kinds
	// Check validates one player's submission against the state as the
	// player can know it, and costs it. Mistakes come back as
	// orders.Problems; with problems, Checked still costs what it could.
	Check(st *campaign.State, sub *orders.Submission) (Checked, error)
	// Resolve plays the open turn of t.State with the orders on file and
	// returns the next state, what happened, and what each player saw.
	Resolve(t Turn) *Result
	// Observe returns every player's view of a state no turn has been
	// resolved into yet: the reports that start a campaign.
	Observe(st *campaign.State) []View
	// Replay rebuilds the views a resolution gave, from the state it
	// made and its events, so a report can be shown again as it was.
	Replay(next *campaign.State, events []Event) []View

	// DecodeView reads a view back from its JSON (json.Marshal of a
	// View), as a report held for a digest is kept.
	DecodeView(data []byte) (View, error)

	// Report renders a view as its player's report mail, with every
	// attachment it can carry; the map only when the mail has HTML.
	Report(v View, opts ReportOptions) (*Report, error)
	// Digest renders several reports of one player, oldest first, as one
	// mail; only the last brings the order template.
	Digest(items []DigestItem, opts ReportOptions) (*Report, error)
	// Render renders a view in one format, as "pbemd report" shows it.
	Render(v View, f Format, opts ReportOptions) ([]byte, error)
	// Schema is the JSON Schema of the orders under a state's rules; nil
	// st gives the ruleset's preset.
	Schema(st *campaign.State) []byte
	// Example is what a player might send first, for the examples in
	// the welcome mail and in replies.
	Example(st *campaign.State, p campaign.PlayerID) Example
}

// Example is what a player might send first.
type Example struct {
	// Order is one order in flow style, such as "move: {fleet: 1st,
	// path: [ferrum]}"; empty if the player has none to give.
	Order string
	// Orders is the order list for under "orders:" in the welcome mail,
	// as YAML list items and comments saying what each costs, each line
	// ending in a newline.
	Orders string
}

// DigestItem is one report of a digest: the view, the deadline of the
// turn it opened, and the clocks of what that turn waited on
// (ReportOptions.Clocks).
type DigestItem struct {
	View     View
	Deadline time.Time
	Clocks   []Clock
}

// Turn is what Resolve plays: the state, every player's orders on file,
// and what the moderator adds to the reports.
type Turn struct {
	State *campaign.State
	// Orders maps players to their submissions; a player without one
	// does nothing this turn and forfeits it.
	Orders map[campaign.PlayerID]*orders.Submission
	// Carried are events of things settled while the turn was open, such
	// as a battle fought outside pbemd: the turn's reports tell of them
	// first, to the players they concern.
	Carried []Event
	// Notices are public notes from the moderator that open every
	// report, such as a rerun after a rollback.
	Notices []string
}

// Result is one resolved turn.
type Result struct {
	// Next is the state of the following turn.
	Next *campaign.State
	// Events is everything that happened, in order: the GM's view.
	Events []Event
	// Views holds one View per player, in the state's player order.
	Views []View
}

// View is what one player knows after a turn: the only input of every
// renderer, so that no report can show what the player may not see. Its
// content is the ruleset's own; the daemon reads only its Header, and
// marshals it to JSON to keep it (DecodeView reads it back).
type View interface {
	Header() ViewHeader
}

// ViewHeader is what the daemon reads of a view: whose it is, and which
// turn's report it makes.
type ViewHeader struct {
	Player campaign.PlayerID
	// Turn is the turn the report opens for orders; Resolved is the turn
	// just resolved, 0 before the first.
	Turn, Resolved int
}

// PageView is a View the order builder on a player's web page plans with:
// both rulesets' views are. The page's map comes from the same view
// (report.MapSource).
type PageView interface {
	View
	// OwnFleets lists the fleets the player may order, where each is, as
	// the view holds them, in the view's order.
	OwnFleets() []FleetAt
}

// FleetAt is a fleet of the player's on the web page's map.
type FleetAt struct {
	ID string            `json:"id"`
	At campaign.SystemID `json:"at"`
	// Label says what the fleet is: "2 ships, BPV 180".
	Label string `json:"label"`
}

// Checked is a submission validated and costed, ready to be confirmed.
type Checked interface {
	// Echo writes the orders back as YAML the player could send again,
	// each with what it costs, and the token redacted.
	Echo() string
	// Summary is the rest of the confirmation's body: what the orders
	// spend and leave, and what the player may expect of them.
	Summary() string
}

// Format is a form a report can be rendered in.
type Format string

// The report formats.
const (
	FormatText Format = "text"
	FormatHTML Format = "html"
	FormatJSON Format = "json"
	FormatPNG  Format = "png"
	// FormatOrders is the order template the report mail carries.
	FormatOrders Format = "orders"
)

// Formats lists the report formats.
var Formats = []Format{FormatText, FormatHTML, FormatJSON, FormatPNG, FormatOrders}

// ReportOptions say when and where a report is read.
type ReportOptions struct {
	// Deadline is when the orders for the turn the report opens are due;
	// Location is the time zone the player reads it in.
	Deadline time.Time
	Location *time.Location
	// SchemaRef is the name the order template points to for the schema
	// of the orders; empty for none.
	SchemaRef string
	// MapSrc is where an HTML report rendered alone (Render) finds its
	// map; empty shows none.
	MapSrc string
	// Mail is the player's mail preferences, which a mailed report's
	// footer echoes with how to change them; nil for a report that is
	// not mailed. A text-only report has no HTML and no map.
	Mail *campaign.MailPrefs
	// Page is the link to the player's web page, which a mailed report's
	// footer gives; empty where the daemon serves no pages.
	Page string
	// Clocks are the clocks the daemon keeps of what the open turn may
	// wait on: its battles fought outside pbemd and its polls. A report
	// of a turn that waits says until when with them; none are known
	// for a report rendered apart from its campaign.
	Clocks []Clock
}

// Clock is the clock of a battle fought outside pbemd or of a poll, by
// its ID.
type Clock struct {
	// ID is the battle's ("T1-B1") or the poll's ("npe-s21").
	ID string
	// Contact is when the sides of a battle must have made contact; zero
	// for a poll, or once that time has passed.
	Contact time.Time
	// Until is when a battle must be settled, or a poll closes at the
	// latest.
	Until time.Time
}

// ClockOf returns the clock with the given ID among clocks, or false.
func ClockOf(clocks []Clock, id string) (Clock, bool) {
	for _, c := range clocks {
		if c.ID == id {
			return c, true
		}
	}
	return Clock{}, false
}

// Report is a rendered report mail.
type Report struct {
	Subject string
	// Text and HTML are the two alternatives of the body; the HTML may
	// show inline attachments by their ContentID.
	Text, HTML  string
	Attachments []Attachment
}

// Attachment is a file sent with a report: its map, shown inline, or a
// file the player's tools read.
type Attachment struct {
	// Kind says which of the files a player may turn off it is; empty for
	// the inline map, which goes with the HTML.
	Kind        campaign.Attachment
	Name        string
	ContentType string
	Data        []byte
	// Inline attachments are shown in the HTML body by ContentID.
	Inline    bool
	ContentID string
}

// Preparer is a Ruleset whose Check does work for the state alone, such
// as indexing it, that it can do once for many submissions: the moderator
// checks every mail of orders for a campaign's open turn against one
// prepared state.
type Preparer interface {
	Ruleset
	// Prepare returns Check against st, ready for any number of
	// submissions, also at once. st must not change while it is in use.
	Prepare(st *campaign.State) func(sub *orders.Submission) (Checked, error)
}
