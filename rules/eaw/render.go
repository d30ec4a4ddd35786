package eaw

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
)

// Report renders a view as its player's report mail.
func (Ruleset) Report(v game.View, opts game.ReportOptions) (*game.Report, error) {
	rv := view(v)
	rep, err := RenderReport(rv, opts.Deadline, opts.Location, opts.SchemaRef, opts.Mail, opts.Page)
	if err != nil {
		return nil, err
	}
	return &game.Report{Subject: rep.Subject, Text: rep.Text, HTML: rep.HTML,
		Attachments: attachments(rep, MapCID, PhoneMapCID, rv.BattleLogs, opts.SchemaRef, true)}, nil
}

// Digest renders several reports of one player as one mail.
func (Ruleset) Digest(items []game.DigestItem, opts game.ReportOptions) (*game.Report, error) {
	var mail campaign.MailPrefs
	if opts.Mail != nil {
		mail = *opts.Mail
	}
	in := make([]DigestItem, len(items))
	for i, it := range items {
		in[i] = DigestItem{View: view(it.View), Deadline: it.Deadline}
	}
	d, err := RenderDigest(in, opts.Location, opts.SchemaRef, mail, opts.Page)
	if err != nil {
		return nil, err
	}
	out := &game.Report{Subject: d.Subject, Text: d.Text, HTML: d.HTML}
	for i, rep := range d.Reports {
		out.Attachments = append(out.Attachments, attachments(rep, report.DigestMapCID(i), report.DigestPhoneMapCID(i), in[i].View.BattleLogs, opts.SchemaRef, i == len(items)-1)...)
	}
	return out, nil
}

// attachments lists what a report mail carries beside its body: the maps
// shown inline, wide and on a phone, the JSON report, the battle logs, and
// with orders the order template and the schema it names.
func attachments(rep *Report, mapCID, phoneCID string, logs []game.BattleLog, schemaRef string, withOrders bool) []game.Attachment {
	var out []game.Attachment
	if rep.Map != nil {
		out = append(out, game.Attachment{Name: mapCID, ContentType: "image/png", Data: rep.Map, Inline: true, ContentID: mapCID},
			game.Attachment{Name: phoneCID, ContentType: "image/png", Data: rep.PhoneMap, Inline: true, ContentID: phoneCID})
	}
	out = append(out, game.Attachment{Kind: campaign.AttachJSON, Name: rep.JSONName, ContentType: "application/json", Data: rep.JSON})
	for _, l := range logs {
		out = append(out, game.Attachment{Kind: campaign.AttachBattles, Name: fmt.Sprintf("battle-%s.txt", l.Battle),
			ContentType: "text/plain; charset=utf-8", Data: []byte(l.Text)})
	}
	if withOrders && rep.Orders != nil {
		out = append(out,
			game.Attachment{Kind: campaign.AttachOrders, Name: rep.OrdersName, ContentType: "application/yaml", Data: rep.Orders},
			game.Attachment{Kind: campaign.AttachSchema, Name: schemaRef, ContentType: "application/schema+json", Data: rep.Schema})
	}
	return out
}

// Render renders a view in one format.
func (Ruleset) Render(v game.View, f game.Format, opts game.ReportOptions) ([]byte, error) {
	rv := view(v)
	switch f {
	case game.FormatHTML:
		html, err := RenderHTML(rv, opts.Deadline, opts.Location, opts.MapSrc)
		return []byte(html), err
	case game.FormatJSON:
		return ReportJSON(rv, opts.Deadline)
	case game.FormatPNG:
		return RenderMap(rv, report.FormatDeadline(opts.Deadline, opts.Location))
	case game.FormatOrders:
		if why := noTemplate(rv); why != "" {
			return nil, fmt.Errorf("%s's turn %d report carried no order template: %s", rv.Player, rv.Turn, why)
		}
		return OrderTemplate(rv, opts.SchemaRef), nil
	case game.FormatText, "":
		return []byte(RenderText(rv, opts.Deadline, opts.Location)), nil
	}
	return nil, fmt.Errorf("eaw: no report format %q", f)
}
