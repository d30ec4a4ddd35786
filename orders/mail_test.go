package orders

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
)

const mailHeader = "campaign: frontier\nplayer: vorn\ntoken: T\ncommand: mail\n"

// TestParseMailCommand reads the mail preferences a player sets, and
// what they leave as it is.
func TestParseMailCommand(t *testing.T) {
	all := campaign.MailPrefs{}
	valid := []struct {
		name, src string
		from      campaign.MailPrefs
		want      campaign.MailPrefs
	}{
		{"nothing to change", "", all, all},
		{"text only", "report: text\n", all, campaign.MailPrefs{TextOnly: true}},
		{"html again", "report: HTML\n", campaign.MailPrefs{TextOnly: true, Digest: "06:00"}, campaign.MailPrefs{Digest: "06:00"}},
		{"no attachments", "attachments: none\n", all,
			campaign.MailPrefs{Without: []campaign.Attachment{"json", "orders", "schema", "battles"}}},
		{"empty list", "attachments: []\n", all,
			campaign.MailPrefs{Without: []campaign.Attachment{"json", "orders", "schema", "battles"}}},
		{"some", "attachments: [orders, schema]\n", all, campaign.MailPrefs{Without: []campaign.Attachment{"json", "battles"}}},
		{"all again", "attachments: all\n", campaign.MailPrefs{Without: []campaign.Attachment{"json"}}, all},
		{"daily", "digest: daily\n", all, campaign.MailPrefs{Digest: "06:00"}},
		{"daily at", "digest: Daily  7:30\n", all, campaign.MailPrefs{Digest: "07:30"}},
		{"off", "digest: off\n", campaign.MailPrefs{Digest: "06:00", TextOnly: true}, campaign.MailPrefs{TextOnly: true}},
		{"everything", "report: text\nattachments: [json]\ndigest: daily 18:00\n", all,
			campaign.MailPrefs{TextOnly: true, Without: []campaign.Attachment{"orders", "schema", "battles"}, Digest: "18:00"}},
	}
	for _, tc := range valid {
		t.Run(tc.name, func(t *testing.T) {
			sub, err := Parse([]byte(mailHeader+tc.src), words)
			if err != nil {
				t.Fatalf("Parse = %v", err)
			}
			if sub.Command == nil || sub.Command.Mail == nil {
				t.Fatalf("Parse(%q) has no mail change: %+v", tc.src, sub.Command)
			}
			got := sub.Command.Mail.Apply(tc.from)
			if got.TextOnly != tc.want.TextOnly || got.Digest != tc.want.Digest || !slices.Equal(got.Without, tc.want.Without) {
				t.Errorf("Parse(%q).Apply(%+v) = %+v, want %+v", tc.src, tc.from, got, tc.want)
			}
		})
	}
	invalid := []struct {
		name, src, want string
	}{
		{"unknown form", mailHeader + "report: pdf\n", `5:9: report must be text or html, not "pdf"`},
		{"unknown attachment", mailHeader + "attachments: [json, shema]\n", `5:21: there is no attachment "shema"; did you mean "schema"?`},
		{"bare name", mailHeader + "attachments: json\n", `5:14: attachments must be a list, all or none, not "json"; write the brackets: attachments: [json]`},
		{"mapping", mailHeader + "attachments: {json: true}\n", "5:14: attachments must be a list, all or none, not a mapping"},
		{"weekly", mailHeader + "digest: weekly\n", `5:9: digest must be daily, daily HH:MM or off, not "weekly"`},
		{"bad time", mailHeader + "digest: daily 25:00\n", `5:9: "25:00" is not a time of day`},
		{"empty", mailHeader + "digest:\n", "5:8: digest has no value"},
		{"other command", "campaign: frontier\nplayer: vorn\ntoken: T\ncommand: status\nreport: text\n", "5:1: report: goes with command: mail"},
		{"with orders", "campaign: frontier\nplayer: vorn\nturn: 1\norders: []\ndigest: daily\n", "5:1: digest: goes with command: mail"},
	}
	for _, tc := range invalid {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.src), words)
			var ps Problems
			if !errors.As(err, &ps) || !strings.Contains(ps.Error(), tc.want) {
				t.Errorf("Parse(%q) = %v, want a problem %q", tc.src, err, tc.want)
			}
		})
	}
}
