package control

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/replay"
	"github.com/pbemd/pbemd/store"
)

// Version is the protocol version the server greets with; a client
// refuses to talk to any other. Version 2 added create and the problems
// of a bad scenario, version 3 verify.
const Version = 3

// MaxRequestBytes bounds one request line: a create request carries a
// whole scenario, base64-encoded, of up to one byte past
// config.MaxScenarioBytes, so that the daemon can say it is too large.
const MaxRequestBytes = (config.MaxScenarioBytes+3)/3*4 + 64<<10

// Errors returned when connecting.
var (
	// ErrNoDaemon is returned by Dial when no daemon answers on the data
	// file's control socket: there is none, or one left by a dead daemon.
	ErrNoDaemon = errors.New("control: no daemon answers on the control socket")
	// ErrRunning is returned by Listen when a live daemon answers on the
	// control socket already.
	ErrRunning = errors.New("control: a daemon answers on the control socket already")
	// ErrVersion is returned by Dial and NewClient when the daemon speaks
	// another protocol version: the pbemd binary changed under it.
	ErrVersion = errors.New("control: the daemon speaks another protocol version")
)

// Errors returned by commands.
var (
	// ErrBadRequest is returned when a request is malformed or names an
	// unknown command.
	ErrBadRequest = errors.New("control: bad request")
	// ErrUnknownFormat is returned by Report for a format other than
	// text, html, json and png.
	ErrUnknownFormat = errors.New("control: unknown report format")
	// ErrNoModerator is returned by Resolve and Create on an Admin
	// without a moderator.
	ErrNoModerator = errors.New("control: this command needs the moderator's config")
)

// codes name, on the wire, the sentinel errors a client can test for with
// errors.Is.
var codes = [...]struct {
	code string
	err  error
}{
	{"campaign_not_found", store.ErrCampaignNotFound},
	{"campaign_exists", store.ErrCampaignExists},
	{"export_target", store.ErrExportTarget},
	{"not_an_export", store.ErrNotAnExport},
	{"turn_not_found", store.ErrTurnNotFound},
	{"not_running", moderator.ErrNotRunning},
	{"backup_over_data", store.ErrBackupOverData},
	{"backup_target", store.ErrBackupTarget},
	{"unknown_format", ErrUnknownFormat},
	{"bad_request", ErrBadRequest},
	{"no_moderator", ErrNoModerator},
}

// Backend carries out the admin commands: an Admin on an open store, or a
// Client through a running daemon's socket.
type Backend interface {
	// Status says where every campaign and the outbox stand.
	Status(ctx context.Context) (*Status, error)
	// Resolve resolves a campaign's open turn now, with the orders on file.
	Resolve(ctx context.Context, id campaign.ID) (*Resolved, error)
	// Report renders a player's report as they received it.
	Report(ctx context.Context, req ReportRequest) ([]byte, error)
	// Backup writes a consistent copy of the data file to path, which
	// must be absolute, and returns its size.
	Backup(ctx context.Context, path string) (int64, error)
	// Create creates a campaign from a scenario and queues the welcome
	// mails. A scenario with problems returns them as orders.Problems.
	Create(ctx context.Context, req CreateRequest) (*Created, error)
	// Verify resolves a campaign's stored turns again and compares the
	// outcome with what was stored (replay.Verify).
	Verify(ctx context.Context, req VerifyRequest) (*replay.Verification, error)
	// Export writes a campaign and everything of it to a new file, which
	// must be absolute (store DB.ExportCampaign), and with Remove takes
	// it out of the data file once the file is written.
	Export(ctx context.Context, req ExportRequest) (*store.Moved, error)
	// Import adds the campaign of an export, at an absolute path, to the
	// data file (store DB.ImportCampaign).
	Import(ctx context.Context, path string) (*Imported, error)
}

// Imported says what an import carried, and whether every player and the
// GM were mailed where the campaign runs now.
type Imported struct {
	store.Moved
	Told bool `json:"told,omitempty"`
}

// ExportRequest names the campaign to export, the new file to write it
// to, and whether to take it out of the data file then.
type ExportRequest struct {
	Campaign campaign.ID `json:"campaign"`
	Path     string      `json:"path"`
	Remove   bool        `json:"remove,omitempty"`
}

// Status is where every campaign and the outbox stand.
type Status struct {
	// Data is the data file.
	Data string `json:"data"`
	// Daemon is the daemon that answered; nil when the file was read
	// directly.
	Daemon *Daemon `json:"daemon,omitempty"`
	// Campaigns are by ID.
	Campaigns []CampaignStatus `json:"campaigns"`
	// Outbox is the number of mails waiting to be sent, and Failed the
	// number the SMTP server refused for good.
	Outbox int `json:"outbox"`
	Failed int `json:"failed"`
}

// Daemon is a running daemon, as its greeting describes it.
type Daemon struct {
	PID     int       `json:"pid"`
	Data    string    `json:"data"`
	Started time.Time `json:"started"`
}

// CampaignStatus is where one campaign stands.
type CampaignStatus struct {
	ID     campaign.ID  `json:"id"`
	Title  string       `json:"title"`
	Status store.Status `json:"status"`
	// Turn is the turn open for orders, Deadline its deadline in UTC, and
	// TimeZone the campaign's zone for showing it.
	Turn     int       `json:"turn"`
	Deadline time.Time `json:"deadline"`
	TimeZone string    `json:"timezone,omitempty"`
	// Final lists the players whose orders on file for the open turn are
	// final, OnFile those whose orders may still change, and Missing those
	// with none; each in seat order. Waiting lists the players who owe no
	// orders for the open turn, as it is not their turn, and Out those who
	// left the campaign, with why; they are in none of the three.
	Final   []campaign.PlayerID `json:"final"`
	OnFile  []campaign.PlayerID `json:"on_file"`
	Missing []campaign.PlayerID `json:"missing"`
	Waiting []campaign.PlayerID `json:"waiting,omitempty"`
	Out     []SeatOut           `json:"out"`
}

// SeatOut is a player who left a campaign: eliminated, dropped or
// resigned.
type SeatOut struct {
	Player campaign.PlayerID `json:"player"`
	Why    string            `json:"why"`
}

// Resolved says what resolving a turn did.
type Resolved struct {
	Campaign campaign.ID `json:"campaign"`
	// Resolved is the turn that was resolved, and Turn the one open now,
	// until Deadline; Status is ended if that was the last turn.
	Resolved int          `json:"resolved"`
	Turn     int          `json:"turn"`
	Deadline time.Time    `json:"deadline"`
	Status   store.Status `json:"status"`
	// Outbox is the number of mails waiting to be sent afterwards, the
	// reports included.
	Outbox int `json:"outbox"`
}

// ReportRequest asks for a player's report of a turn.
type ReportRequest struct {
	Campaign campaign.ID       `json:"campaign"`
	Player   campaign.PlayerID `json:"player"`
	// Turn names the report by the turn it opened, as its mail's subject
	// does: 1 is the first report, sent when the campaign started; 0 or
	// less, the latest.
	Turn int `json:"turn"`
	// Format is text (the default), html, json or png.
	Format string `json:"format,omitempty"`
}

// CreateRequest asks for a new campaign. The caller reads the scenario
// file, with its own permissions and working directory, and sends what it
// holds.
type CreateRequest struct {
	// File is the scenario's name as the caller was given it; problems
	// name it.
	File     string `json:"file"`
	Scenario []byte `json:"scenario"`
}

// Created says what creating a campaign did.
type Created struct {
	Campaign campaign.ID `json:"campaign"`
	Title    string      `json:"title"`
	// Players is the number of seats, each mailed a welcome with their
	// token, and GM the address the GM's welcome went to.
	Players int    `json:"players"`
	GM      string `json:"gm"`
	// Turn is the turn open for orders, until Deadline.
	Turn     int       `json:"turn"`
	Deadline time.Time `json:"deadline"`
	// Outbox is the number of mails waiting to be sent afterwards, the
	// welcomes included.
	Outbox int `json:"outbox"`
}

// VerifyRequest asks for a campaign's turns to be resolved again and
// compared with what was stored.
type VerifyRequest struct {
	Campaign campaign.ID `json:"campaign"`
	// Turn is the one turn to verify; 0, every resolved turn.
	Turn int `json:"turn,omitempty"`
	// Force compares turns resolved by another version of the ruleset
	// too.
	Force bool `json:"force,omitempty"`
}

// greeting is the first line the server writes on every connection.
type greeting struct {
	Version int `json:"pbemd_control"`
	Daemon
}

// request is one line a client writes.
type request struct {
	Cmd      string         `json:"cmd"`
	Campaign campaign.ID    `json:"campaign,omitempty"`
	Report   *ReportRequest `json:"report,omitempty"`
	Path     string         `json:"path,omitempty"`
	Create   *CreateRequest `json:"create,omitempty"`
	Verify   *VerifyRequest `json:"verify,omitempty"`
	Export   *ExportRequest `json:"export,omitempty"`
}

// response is the line the server answers a request with. Problems are
// those of a scenario, which the client returns as orders.Problems.
type response struct {
	Result   json.RawMessage `json:"result,omitempty"`
	Error    string          `json:"error,omitempty"`
	Code     string          `json:"code,omitempty"`
	Problems orders.Problems `json:"problems,omitempty"`
}

// RemoteError is an error the daemon answered a command with. It unwraps
// to the sentinel its code names, if any, so errors.Is works as it would
// on an Admin.
type RemoteError struct {
	Code string
	Msg  string
}

var _ error = (*RemoteError)(nil)

func (e *RemoteError) Error() string { return e.Msg }

// Unwrap returns the sentinel error Code names, or nil.
func (e *RemoteError) Unwrap() error {
	for _, c := range codes {
		if c.code == e.Code {
			return c.err
		}
	}
	return nil
}

// errorResponse turns an error into a response, with the code of the
// first sentinel it wraps, or the problems it holds.
func errorResponse(err error) response {
	r := response{Error: err.Error()}
	errors.As(err, &r.Problems)
	for _, c := range codes {
		if errors.Is(err, c.err) {
			r.Code = c.code
			break
		}
	}
	return r
}
