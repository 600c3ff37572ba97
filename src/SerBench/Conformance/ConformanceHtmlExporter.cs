using System.Globalization;
using System.Net;
using SerBench.Core.Conformance;
using SerBench.Core.Results;

namespace SerBench.Conformance;

/// <summary>One offline file, no script; every text from a document, a file name or a library is HTML-encoded, anchors made by <see cref="OutputFolder.Slug"/>.</summary>
internal sealed class ConformanceHtmlExporter : IConformanceExporter
{
    public string FileName => "conformance.html";

    public void Export(ConformanceReport report, TextWriter writer)
    {
        writer.WriteLine("<!DOCTYPE html>");
        writer.WriteLine("<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        writer.WriteLine("<title>SerBench conformance</title>");
        writer.WriteLine($"<style>{Style}</style>");
        writer.WriteLine("</head><body>");
        writer.WriteLine("<header><h1>SerBench conformance</h1>");
        writer.WriteLine($"<p><code>{E(report.Command)}</code> · {E(report.Tool.Name)} {E(report.Tool.Version)} · {E(report.Runtime)} · " +
                         $"{E(report.StartedAt.ToString("yyyy-MM-dd HH:mm:ss zzz", CultureInfo.InvariantCulture))}</p>");
        writer.WriteLine($"<p>{E(ConformanceExporters.Summary)}</p></header>");
        writer.WriteLine("<ul class=\"legend\">" + string.Concat(ConformanceExporters.Ratings.Select(r =>
            $"<li><span class=\"swatch {ConformanceExporters.Key(r)}\"></span>{E(ConformanceExporters.Meaning(r))}</li>")) + "</ul>");

        WriteTable(writer, ConformanceSummary.Groups(report));
        var problems = ConformanceSummary.ProblemCells(report);
        if (problems.Rows.Count == 0)
        {
            writer.WriteLine($"<h2>{E(problems.Title)}</h2><p>None: every library was right, or changed only the form, on every document.</p>");
        }
        else
        {
            WriteTable(writer, problems);
        }

        writer.WriteLine("<details><summary>Full matrix: every document and library</summary>");
        writer.WriteLine("<table class=\"grid\"><thead><tr><th>Document</th><th>RFC 8259</th>");
        foreach (var contender in report.Contenders)
        {
            writer.WriteLine($"<th>{E(contender.Name)}<br><small>{E(contender.Library)} {E(contender.Version)}</small></th>");
        }

        writer.WriteLine("</tr></thead><tbody>");
        foreach (var document in report.Documents)
        {
            writer.Write($"<tr><th><a href=\"#{Anchor(document.Name)}\">{E(document.Name)}</a></th><td class=\"rfc\">{E(document.Expectation)}</td>");
            foreach (var contender in report.Contenders)
            {
                var cell = report.Cell(contender.Name, document.Name);
                writer.Write(cell is null
                    ? "<td></td>"
                    : $"<td class=\"{ConformanceExporters.Key(cell.Rating)}\"{(cell.Detail is { } detail ? $" title=\"{E(detail)}\"" : "")}>{E(cell.Label)}</td>");
            }

            writer.WriteLine("</tr>");
        }

        writer.WriteLine("</tbody></table></details>");

        writer.WriteLine("<h2>Libraries</h2><table><thead><tr><th>Contender</th><th>Library</th><th>Version</th><th>Ratings</th></tr></thead><tbody>");
        foreach (var contender in report.Contenders)
        {
            var ratings = contender.Unavailable is { } reason ? "UNAVAILABLE: " + reason : ConformanceExporters.Tally(report, contender.Name);
            writer.WriteLine($"<tr><td>{E(contender.Name)}</td><td>{E(contender.Library)}</td><td>{E(contender.Version)}</td><td>{E(ratings)}</td></tr>");
        }

        writer.WriteLine("</tbody></table>");

        writer.WriteLine("<h2>Documents</h2>");
        foreach (var document in report.Documents)
        {
            writer.WriteLine($"<section id=\"{Anchor(document.Name)}\"><h3>{E(document.Name)}</h3>");
            var origin = document.Source == ConformanceDocument.BuiltInSource ? "built in" : $"from <code>{E(document.Source)}</code>";
            writer.WriteLine($"<p>{(document.Description is { } description ? E(description) + " · " : "")}{origin} · " +
                             $"{document.Bytes.ToString("N0", CultureInfo.InvariantCulture)} bytes · <code>{E(document.Preview)}</code></p>");
            writer.WriteLine("<p>RFC 8259: " + (document.Valid ? "a JSON text." : $"not a JSON text: {E(document.Problem ?? "")}.") +
                             string.Concat(document.Leeway.Select(l => $" Leeway: {E(l)}.")) + "</p>");
            writer.WriteLine("<ul class=\"verdicts\">");
            foreach (var contender in report.Contenders)
            {
                if (report.Cell(contender.Name, document.Name) is { } cell)
                {
                    writer.WriteLine($"<li><span class=\"swatch {ConformanceExporters.Key(cell.Rating)}\"></span><b>{E(contender.Name)}</b>: {E(cell.Label)}" +
                                     (cell.Detail is { } detail ? " — " + E(detail) : "") + "</li>");
                }
            }

            writer.WriteLine("</ul></section>");
        }

        writer.WriteLine("</body></html>");
    }

    private static void WriteTable(TextWriter writer, Reports.TableModel table)
    {
        writer.WriteLine($"<h2>{E(table.Title)}</h2><table><thead><tr>" + string.Concat(table.Headers.Select(h => $"<th>{E(h)}</th>")) + "</tr></thead><tbody>");
        foreach (var row in table.Rows)
        {
            writer.WriteLine("<tr>" + string.Concat(row.Select((value, column) => $"<td{(column >= table.TextColumns ? " class=\"num\"" : "")}>{E(value)}</td>")) + "</tr>");
        }

        writer.WriteLine("</tbody></table>" + string.Concat(table.Footnotes.Select(f => $"<p class=\"note\">{E(f)}</p>")));
    }

    private static string E(string text) => WebUtility.HtmlEncode(text);

    private static string Anchor(string name) => "doc-" + OutputFolder.Slug(name);

    private const string Style = """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1200px;padding:0 24px 48px;color:#1d1d1f}
        h1{margin-top:24px}h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:40px}h3{margin:24px 0 4px}
        table{border-collapse:collapse;margin:6px 0 4px}th,td{border:1px solid #ddd;padding:3px 8px;text-align:left}
        thead th{background:#f5f5f7;vertical-align:bottom}table.grid td,table.grid tbody th{white-space:nowrap}td.rfc{color:#444}
        .right{background:#b9e4bd}.form{background:#fdf0b8}.changed{background:#fbc67a}.wrong{background:#f2a3a3}.not-run{background:#e0e0e0}
        .swatch{display:inline-block;width:12px;height:12px;margin-right:6px;border:1px solid #aaa;vertical-align:-1px}
        .legend{list-style:none;padding:0;color:#444}.verdicts{list-style:none;padding-left:8px}
        code{background:#f5f5f7;padding:1px 4px;border-radius:3px;word-break:break-all}
        td.num{text-align:right;font-variant-numeric:tabular-nums}.note{font-size:12px;color:#444}details>summary{font-size:18px;font-weight:600;cursor:pointer;margin-top:32px}
        """;
}
