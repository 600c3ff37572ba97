using System.Globalization;

namespace SerBench.Core.Payloads;

/// <summary>
/// A model object as one line of <see cref="Files.TabFields"/> in a data snapshot (<see cref="PayloadSnapshots"/>). Written
/// by hand, without reflection or System.Text.Json: a first-call child reads its object before it times a first use.
/// </summary>
internal sealed class SnapshotRows<T>(Func<T, IEnumerable<string>> write, Func<SnapshotRows<T>.Reader, T> read)
    where T : class
{
    public IEnumerable<string> Fields(T value) => write(value);

    /// <summary>Throws <see cref="FormatException"/> on fields this class did not write.</summary>
    public T Parse(string[] fields)
    {
        var reader = new Reader(fields);
        var value = read(reader);
        return reader.AtEnd ? value : throw new FormatException($"{fields.Length - reader.Position} field(s) left over");
    }

    /// <summary>Reads the fields in order.</summary>
    public sealed class Reader(string[] fields)
    {
        public int Position { get; private set; }

        public bool AtEnd => Position == fields.Length;

        public string Text() => Position < fields.Length ? fields[Position++] : throw new FormatException("a field is missing");

        public int Int() => int.Parse(Text(), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);

        public double Double() => double.Parse(Text(), NumberStyles.Float, CultureInfo.InvariantCulture);

        public bool Bool() => Text() switch
        {
            "1" => true,
            "0" => false,
            var other => throw new FormatException($"'{other}' is not 0 or 1"),
        };

        public Guid Guid() => System.Guid.ParseExact(Text(), "D");

        public DateTimeOffset Time() => DateTimeOffset.ParseExact(Text(), "O", CultureInfo.InvariantCulture, DateTimeStyles.None);

        /// <summary>A count, then that many items.</summary>
        public List<TItem> List<TItem>(Func<Reader, TItem> item)
        {
            var count = Int();
            if (count < 0 || count > fields.Length - Position)
            {
                throw new FormatException($"a list of {count} item(s) does not fit the line");
            }

            var items = new List<TItem>(count);
            for (var i = 0; i < count; i++)
            {
                items.Add(item(this));
            }

            return items;
        }
    }
}

/// <summary>The rows of the models whose generator is slow enough to keep (Bogus' locales).</summary>
internal static class SnapshotRows
{
    public static SnapshotRows<Person> People { get; } = new(
        p =>
        [
            p.Id, Number(p.Index), p.Guid.ToString("D"), p.IsActive ? "1" : "0", Number(p.Balance), p.Picture, Number(p.Age),
            Number((int)p.EyeColor), p.Name, Number((int)p.Gender), p.Company, p.Email, p.Phone, p.Address, p.About,
            p.Registered.ToString("O", CultureInfo.InvariantCulture), Number(p.Latitude), Number(p.Longitude),
            Number(p.Tags.Count), .. p.Tags, Number(p.Friends.Count), .. p.Friends.SelectMany(f => new[] { Number(f.Id), f.Name }),
            p.Greeting, p.FavoriteFruit,
        ],
        r => new Person
        {
            // An initializer runs in order: each member reads the next field.
            Id = r.Text(),
            Index = r.Int(),
            Guid = r.Guid(),
            IsActive = r.Bool(),
            Balance = r.Double(),
            Picture = r.Text(),
            Age = r.Int(),
            EyeColor = (EyeColor)r.Int(),
            Name = r.Text(),
            Gender = (Gender)r.Int(),
            Company = r.Text(),
            Email = r.Text(),
            Phone = r.Text(),
            Address = r.Text(),
            About = r.Text(),
            Registered = r.Time(),
            Latitude = r.Double(),
            Longitude = r.Double(),
            Tags = r.List(t => t.Text()),
            Friends = r.List(f => new Friend { Id = f.Int(), Name = f.Text() }),
            Greeting = r.Text(),
            FavoriteFruit = r.Text(),
        });

    public static SnapshotRows<User> Users { get; } = new(
        u => [u.Id.ToString("D"), u.FirstName, u.LastName, u.FullName, u.UserName, u.Email],
        r => new User(r.Guid(), r.Text(), r.Text(), r.Text(), r.Text(), r.Text()));

    private static string Number(int value) => value.ToString(CultureInfo.InvariantCulture);

    // "R": the shortest text that parses back to the same double.
    private static string Number(double value) => value.ToString("R", CultureInfo.InvariantCulture);
}
