using System.Globalization;
using System.Net;
using System.Text.Json.Nodes;
using SerBench.Core.Results;
using SerBench.Reports.Verdict;

namespace SerBench.Reports;

/// <summary>Offline; chart data is JSON whose encoder escapes &lt; &gt; &amp;, so a reason holding <c>&lt;script&gt;</c> is shown, never run.</summary>
internal sealed class HtmlReportExporter(IReadOnlyList<ChartSpec> charts) : IReportExporter
{
    public string FileName => "report.html";

    public void Export(RunSummary summary, TextWriter writer)
    {
        var verdict = summary.Verdict;
        var drawable = ChartBundles.Available ? charts : [];
        writer.WriteLine("<!DOCTYPE html>");
        writer.WriteLine("<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        writer.WriteLine("<title>SerBench report</title>");
        writer.WriteLine($"<style>{Style}</style>");
        writer.WriteLine($"<script>{ErrorCapture}</script>");
        if (drawable.Count > 0)
        {
            // Inline, so the file opens offline: nothing is fetched from the network.
            writer.WriteLine($"<script>{ChartBundles.Vega}</script>");
            writer.WriteLine($"<script>{ChartBundles.VegaLite}</script>");
            writer.WriteLine($"<script>{ChartBundles.VegaEmbed}</script>");
        }

        writer.WriteLine("</head>");
        writer.WriteLine($"<body data-charts-expected=\"{drawable.Count}\">");
        WriteHeader(writer, summary);
        if (!ChartBundles.Available)
        {
            writer.WriteLine($"<p class=\"notice\">{E(ChartBundles.NotBundledMessage)}</p>");
        }

        WriteVerdict(writer, verdict, drawable);
        WriteEnvironment(writer, summary);
        foreach (var upgrade in verdict.Upgrades)
        {
            var table = VerdictTables.Upgrade(upgrade);
            writer.WriteLine($"<details class=\"study\"><summary>{E(table.Title)}, case by case</summary>");
            WriteTable(writer, table, heading: false);
            writer.WriteLine("</details>");
        }

        foreach (var study in summary.Studies)
        {
            foreach (var slice in study.Slices)
            {
                WriteStudy(writer, slice, summary.VerdictsOf(slice), drawable.Where(c => c.Study == slice.Key).ToList());
            }

            WriteRuntimeComparison(writer, study);
        }

        var specs = new JsonObject();
        foreach (var chart in drawable)
        {
            specs["chart-" + chart.Id] = chart.Spec.DeepClone();
        }

        writer.WriteLine($"<script type=\"application/json\" id=\"chart-specs\">{specs.ToJsonString()}</script>");
        writer.WriteLine($"<script>{Behaviour}</script>");
        writer.WriteLine("</body></html>");
    }

    // The first screen belongs to the answer.
    private static void WriteHeader(TextWriter writer, RunSummary summary)
    {
        var (document, verdict) = (summary.Document, summary.Verdict);
        writer.WriteLine("<header><h1>SerBench report</h1>");
        writer.WriteLine($"<p class=\"meta\"><code>{E(document.Command)}</code> · profile <b>{E(document.Profile)}</b> · {E(document.Environment.Runtime)} · started {E(document.StartedAt.ToString("yyyy-MM-dd HH:mm:ss zzz", CultureInfo.InvariantCulture))}" +
                         (document.FinishedAt is { } finished ? $" · finished {E(finished.ToString("HH:mm:ss", CultureInfo.InvariantCulture))}" : " · <b>not finished</b> (stopped or still running)") + "</p>");
        foreach (var warning in summary.Warnings)
        {
            writer.WriteLine($"<p class=\"notice\">{E(warning)}</p>");
        }

        if (summary.Decisive is { } decisive)
        {
            writer.WriteLine($"<p class=\"decisive\"><b>Decisive:</b> {E(decisive)}</p>");
        }

        var links = new List<string>();
        if (verdict.Answers.Count > 0)
        {
            links.Add("<a href=\"#what-to-use\">What to use</a>");
        }

        links.AddRange(verdict.Studies.Select(v => $"<a href=\"#{Anchor("verdict " + v.Title)}\">{E(v.Title)}</a>"));
        links.Add("<a href=\"#details\">Details</a>");
        writer.WriteLine("<nav>" + string.Join(" · ", links) + "</nav></header>");
    }

    private static void WriteVerdict(TextWriter writer, RunVerdict verdict, IReadOnlyList<ChartSpec> charts)
    {
        if (verdict.Answers.Count > 0)
        {
            writer.WriteLine("<section id=\"what-to-use\" class=\"verdict\"><h2>What to use</h2>");
            WriteTable(writer, VerdictTables.WhatToUse(verdict), heading: false);
            writer.WriteLine($"<p class=\"legend\">{E(VerdictTables.UseLegend)}</p></section>");
        }

        foreach (var study in verdict.Studies)
        {
            writer.WriteLine($"<section id=\"{Anchor("verdict " + study.Title)}\" class=\"verdict\"><h2>{E(study.Title)}</h2>");
            writer.WriteLine("<ul class=\"findings\">" + string.Concat(study.Findings.Select(f => $"<li>{E(f)}</li>")) + "</ul>");
            if (charts.FirstOrDefault(c => c.IsOverview && c.Study == study.Slice.Key && c.Anchor == study.Title) is { } overview)
            {
                WriteChart(writer, overview);
            }

            if (study.Standings.Count > 0)
            {
                WriteTable(writer, VerdictTables.Standings(study, withCases: false), heading: false);
            }

            if (study.NotRanked.Count > 0)
            {
                writer.WriteLine("<p class=\"unranked-title\">Not ranked:</p><ul class=\"unranked\">" + string.Concat(study.NotRanked.Select(l => $"<li>{E(l)}</li>")) + "</ul>");
            }

            writer.WriteLine("</section>");
        }
    }

    private static void WriteEnvironment(TextWriter writer, RunSummary summary)
    {
        writer.WriteLine("<details id=\"details\" class=\"details\"><summary>Details: environment, packages and method</summary>");
        writer.WriteLine("<table class=\"env\"><tbody>");
        foreach (var (name, value) in summary.Details)
        {
            writer.WriteLine($"<tr><th>{E(name)}</th><td>{E(value)}</td></tr>");
        }

        writer.WriteLine("</tbody></table>");
        if (summary.Undecided is { Count: > 0 } undecided)
        {
            writer.WriteLine("<ul class=\"undecided\">" + string.Concat(undecided.Select(line => $"<li>{E(line)}</li>")) + "</ul>");
        }

        writer.WriteLine("<p class=\"legend\">Mean and Error are per operation; Error is half the 99.9% confidence interval, drawn as error bars. " +
                         $"{E(VerdictTables.RankLegend)} Gen0/1/2 are collections per 1,000 operations. " +
                         "Statuses other than OK are never ranked. Click a column header to sort.</p></details>");
    }

    private static void WriteChart(TextWriter writer, ChartSpec chart) =>
        writer.WriteLine($"<figure><div class=\"chart\" id=\"chart-{E(chart.Id)}\"></div><figcaption>{E(chart.Title)} · <a href=\"charts/{E(chart.Id)}.svg\">SVG</a></figcaption></figure>");

    // Study and platform names come from the file: anchors use a slug.
    private static string Anchor(string key) => "study-" + OutputFolder.Slug(key);

    private static void WriteRuntimeComparison(TextWriter writer, StudyPart study)
    {
        if (study.RuntimeTables.Count == 0)
        {
            return;
        }

        writer.WriteLine($"<section id=\"{Anchor(study.Name + " runtimes")}\"><h2>{E(study.Name)} across runtimes</h2>");
        writer.WriteLine("<ul class=\"findings\">" + string.Concat(study.RuntimeFindings.Select(f => $"<li>{E(f)}</li>")) + "</ul>");
        foreach (var table in study.RuntimeTables)
        {
            WriteTable(writer, table);
        }

        writer.WriteLine("</section>");
    }

    private static void WriteStudy(TextWriter writer, StudySlice slice, IReadOnlyList<StudyVerdict> verdicts, List<ChartSpec> studyCharts)
    {
        var (study, cells) = (slice.Study, slice.Cells);
        writer.WriteLine($"<details id=\"{Anchor(slice.Key)}\" class=\"study\"><summary>{E(slice.Key)}{(study.Title == study.Name ? "" : " — " + E(study.Title))}: rankings per case, charts and full tables</summary>");
        if (study.Contenders.Count > 0)
        {
            writer.WriteLine($"<p>Reproduces {E(study.Source)}. Conventions: {E(study.Conventions.Name)}. Baseline: <code>{E(study.Baseline)}</code>.</p>");
            if (study.Notes.Count > 0)
            {
                writer.WriteLine("<ul class=\"notes\">" + string.Concat(study.Notes.Select(n => $"<li>{E(n)}</li>")) + "</ul>");
            }
        }

        // The first chart of each case, looked up: searching the study's charts for each case grew with the square of its cases.
        var caseCharts = new Dictionary<string, ChartSpec>(StringComparer.Ordinal);
        foreach (var chart in studyCharts.Where(c => !c.IsOverview && c.Anchor is not null))
        {
            caseCharts.TryAdd(chart.Anchor!, chart);
        }

        foreach (var ranking in verdicts.SelectMany(v => v.Cases))
        {
            WriteTable(writer, VerdictTables.Case(ranking));
            if (caseCharts.GetValueOrDefault(ranking.Title) is { } chart)
            {
                WriteChart(writer, chart);
            }
        }

        foreach (var chart in studyCharts.Where(c => c.Anchor is null))
        {
            WriteChart(writer, chart);
        }

        writer.WriteLine("<h3>Tables</h3>");
        foreach (var table in (IEnumerable<TableModel>)[.. SummaryTable.Build(study, cells), .. StudyTables.Build(study, cells), SizeTable.Build(cells), ContenderTable.Build(cells)])
        {
            WriteTable(writer, table);
        }

        writer.WriteLine("</details>");
    }

    private static void WriteTable(TextWriter writer, TableModel table, bool heading = true)
    {
        writer.WriteLine((heading ? $"<h4>{E(table.Title)}</h4>" : "") + "<table class=\"sortable\"><thead><tr>" +
                         string.Concat(table.Headers.Select(h => $"<th>{E(h)}</th>")) + "</tr></thead><tbody>");
        var widest = table.Bars is { } bars && bars.Relative.Count > 0 ? bars.Relative.Max() : 1;
        foreach (var (row, index) in table.Rows.Select((r, i) => (r, i)))
        {
            writer.WriteLine("<tr>" + string.Concat(row.Select((value, column) =>
            {
                var text = table.Bold.Contains((index, column)) ? $"<b>{E(value)}</b>" : E(value);
                if (table.Bars is { } bar && bar.Column == column && index < bar.Relative.Count)
                {
                    // Linear in time, so twice as slow is twice as long; the fastest has the shortest bar.
                    var width = Math.Max(2, 120 * bar.Relative[index] / widest);
                    text = $"<span class=\"bar\" style=\"width:{width.ToString("0", CultureInfo.InvariantCulture)}px\"></span>{text}";
                }

                return $"<td{(column >= table.TextColumns ? " class=\"num\"" : "")}>{text}</td>";
            })) + "</tr>");
        }

        writer.WriteLine("</tbody></table>");
        if (table.Footnotes.Count > 0)
        {
            writer.WriteLine("<ol class=\"footnotes\">" + string.Concat(table.Footnotes.Select(f => $"<li>{E(f)}</li>")) + "</ol>");
        }
    }

    private static string E(string text) => WebUtility.HtmlEncode(Core.Files.InvisibleText.Show(text));

    internal const string Style = """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1200px;padding:0 24px 48px;color:#1d1d1f}
        h1{margin-top:24px}h2{border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:40px}
        table{border-collapse:collapse;margin:6px 0 4px;font-variant-numeric:tabular-nums}
        th,td{border:1px solid #ddd;padding:3px 8px;text-align:left}td.num{text-align:right;white-space:nowrap}
        table.sortable th{cursor:pointer;background:#f5f5f7;user-select:none}table.sortable th:after{content:" \2195";color:#aaa}
        table.env th{background:#f5f5f7;width:130px}
        figure{margin:12px 0;border:1px solid #eee;padding:8px;border-radius:6px;overflow-x:auto}
        .meta{color:#444;margin:4px 0}nav{margin:6px 0 0}section.verdict h2{margin-top:24px}
        .bar{display:inline-block;height:10px;background:#4e79a7;margin-right:6px;vertical-align:middle;border-radius:2px}
        details.study,details.details{margin-top:24px;border-top:2px solid #ddd;padding-top:8px}details>summary{font-size:18px;font-weight:600;cursor:pointer}
        .unranked-title{margin-bottom:0;font-weight:600}ul.unranked{margin-top:2px;color:#8a1f11}
        figcaption{font-size:12px;color:#555}.notice{background:#fff4ce;padding:8px 12px;border-radius:4px}
        .footnotes{font-size:12px;color:#444}.legend{color:#444}code{background:#f5f5f7;padding:1px 4px;border-radius:3px}
        """;

    // Counts uncaught errors and console.error calls, so that a headless browser check can read them from the DOM.
    internal const string ErrorCapture = """
        window.serbenchErrors=[];
        (function(){var note=function(m){window.serbenchErrors.push(String(m));var root=document.documentElement;root.setAttribute('data-chart-errors',String(window.serbenchErrors.length));root.setAttribute('data-chart-error-messages',window.serbenchErrors.join(' | ').slice(0,2000));};
        window.addEventListener('error',function(e){note(e.message);});window.addEventListener('unhandledrejection',function(e){note(e.reason);});
        var original=console.error;console.error=function(){note(Array.prototype.join.call(arguments,' '));original.apply(console,arguments);};})();
        """;

    internal const string Behaviour = """
        (function(){
          var units={ns:1,'μs':1e3,us:1e3,ms:1e6,s:1e9,B:1,KB:1024,MB:1048576,GB:1073741824,'×':1};
          function key(text){var m=/^\s*(-?[\d,]*\.?\d+)\s*([^\s\d(]*)/.exec(text);if(!m)return null;var n=parseFloat(m[1].replace(/,/g,''));return n*(units[m[2]]||1);}
          document.querySelectorAll('table.sortable').forEach(function(table){
            table.querySelectorAll('th').forEach(function(th,column){var ascending=true;th.addEventListener('click',function(){
              var body=table.tBodies[0];var rows=Array.prototype.slice.call(body.rows);
              rows.sort(function(a,b){var x=a.cells[column].textContent,y=b.cells[column].textContent,kx=key(x),ky=key(y);
                var c=(kx!==null&&ky!==null)?kx-ky:(kx!==null?-1:(ky!==null?1:x.localeCompare(y)));return ascending?c:-c;});
              ascending=!ascending;rows.forEach(function(r){body.appendChild(r);});});});});
          var specs=JSON.parse(document.getElementById('chart-specs').textContent);var ids=Object.keys(specs);
          if(ids.length===0||typeof vegaEmbed==='undefined'){document.body.setAttribute('data-charts-rendered','0');document.body.setAttribute('data-ready','true');return;}
          // data-y-order: the contenders as the chart drew them, top to bottom, so a browser test can check the order.
          Promise.allSettled(ids.map(function(id){var el=document.getElementById(id);return vegaEmbed(el,specs[id],{renderer:'svg',actions:{export:true,source:false,compiled:false,editor:false}})
              .then(function(r){try{var y=r.view.scale('y');if(y&&y.domain)el.setAttribute('data-y-order',JSON.stringify(y.domain()));}catch(e){}return r;});}))
            .then(function(results){var ok=results.filter(function(r){return r.status==='fulfilled';}).length;
              results.forEach(function(r){if(r.status==='rejected')console.error('chart failed: '+r.reason);});
              var answer=document.querySelector('#what-to-use, section.verdict table');
              if(answer)document.body.setAttribute('data-verdict-top',String(Math.round(answer.getBoundingClientRect().top+window.scrollY)));
              document.body.setAttribute('data-charts-rendered',String(ok));document.body.setAttribute('data-ready','true');});
        })();
        """;
}
