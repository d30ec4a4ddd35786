package eaw

import (
	"embed"
	htmltemplate "html/template"
	"text/template"

	"github.com/pbemd/pbemd/report"
)

//go:embed text/*.tmpl
var textFiles embed.FS

// texts are EaW's text templates: the report, the cost summary of a
// confirmation, and the welcome mail's example orders.
var texts = template.Must(template.New("").Funcs(report.TextFuncs()).ParseFS(textFiles, "text/*.tmpl"))

func render(name string, data any) string { return report.Execute(texts, name, data) }

//go:embed html/*.tmpl
var htmlFiles embed.FS

// htmls is the report kit's HTML shell with EaW's report in it.
var htmls = htmltemplate.Must(report.HTMLShell().ParseFS(htmlFiles, "html/*.tmpl"))
