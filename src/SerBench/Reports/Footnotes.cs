namespace SerBench.Reports;

/// <summary>A note is added once and referenced by number (<c>CRASH [1,3]</c>), so ten rows with one reason share one footnote.</summary>
internal sealed class Footnotes(params IEnumerable<string> leading)
{
    private readonly List<string> _notes = [.. leading];

    public IReadOnlyList<string> All => _notes;

    public string Mark(string text, params IEnumerable<string> notes)
    {
        var numbers = notes.Select(Number).ToList();
        return numbers.Count == 0 ? text : $"{text} [{string.Join(",", numbers)}]";
    }

    private string Number(string note)
    {
        var index = _notes.IndexOf(note);
        if (index < 0)
        {
            _notes.Add(note);
            index = _notes.Count - 1;
        }

        return (index + 1).ToString(System.Globalization.CultureInfo.InvariantCulture);
    }
}
