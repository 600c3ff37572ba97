using System.Globalization;
using System.Text.Json;
using Bogus;

namespace SerBench.Core.UserData;

/// <summary>
/// Documents in the shapes users bring: a timeline (small objects, emoji, escapes), a catalogue (deep nesting) and
/// GeoJSON-like features (long number arrays). The same seed and size always give the same bytes.
/// </summary>
internal static class SampleDataSets
{
    public static IReadOnlyList<string> Names { get; } = ["timeline", "catalogue", "geo"];

    public static byte[] Create(string name, int approximateBytes, int seed = Payloads.PayloadModel.DefaultSeed)
    {
        var faker = new Faker("en") { Random = new Randomizer(seed) };
        using var stream = new MemoryStream();
        // Raw UTF-8 text, as most services write it: each library's own escaping choices then show in the gate.
        using (var writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))
        {
            Action<Utf8JsonWriter, Faker> item = name switch
            {
                "timeline" => Post,
                "catalogue" => Category,
                "geo" => Feature,
                _ => throw new ArgumentException($"No sample named '{name}'; the samples are {string.Join(", ", Names)}.", nameof(name)),
            };
            writer.WriteStartObject();
            writer.WriteString("generator", "serbench samples");
            writer.WritePropertyName(name == "geo" ? "features" : "items");
            writer.WriteStartArray();
            while (writer.BytesCommitted + writer.BytesPending < approximateBytes)
            {
                item(writer, faker);
                writer.Flush();
            }

            writer.WriteEndArray();
            writer.WriteEndObject();
        }

        return stream.ToArray();
    }

    private static readonly string[] Emoji = ["🎉", "👍", "🚀", "❤️", "😂", "🇯🇵"];

    private static void Post(Utf8JsonWriter writer, Faker faker)
    {
        writer.WriteStartObject();
        writer.WriteNumber("id", faker.Random.Long(1_000_000_000_000_000_000, long.MaxValue)); // beyond 2^53, as tweet ids are
        writer.WriteString("id_str", faker.Random.Long(1_000_000_000_000_000_000, long.MaxValue).ToString(CultureInfo.InvariantCulture));
        writer.WriteString("created_at", faker.Date.Between(new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc), new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc)).ToString("ddd MMM dd HH:mm:ss +0000 yyyy", CultureInfo.InvariantCulture));
        writer.WriteString("text", $"{faker.Lorem.Sentence()} {faker.PickRandom(Emoji)} \"{faker.Lorem.Word()}\" <{faker.Internet.DomainName()}>");
        writer.WriteBoolean("truncated", faker.Random.Bool(0.1f));
        writer.WriteStartObject("user");
        writer.WriteNumber("id", faker.Random.Int(1, int.MaxValue));
        writer.WriteString("screen_name", faker.Internet.UserName());
        writer.WriteString("name", faker.Name.FullName());
        writer.WriteNumber("followers_count", faker.Random.Int(0, 5_000_000));
        writer.WriteBoolean("verified", faker.Random.Bool(0.05f));
        if (faker.Random.Bool(0.7f))
        {
            writer.WriteString("location", faker.Address.City());
        }

        writer.WriteEndObject();
        writer.WriteStartObject("entities");
        writer.WriteStartArray("hashtags");
        for (var i = faker.Random.Int(0, 3); i > 0; i--)
        {
            writer.WriteStartObject();
            writer.WriteString("text", faker.Lorem.Word());
            writer.WriteStartArray("indices");
            writer.WriteNumberValue(faker.Random.Int(0, 100));
            writer.WriteNumberValue(faker.Random.Int(100, 140));
            writer.WriteEndArray();
            writer.WriteEndObject();
        }

        writer.WriteEndArray();
        writer.WriteEndObject();
        writer.WriteNumber("retweet_count", faker.Random.Int(0, 100_000));
        writer.WriteNumber("favorite_count", faker.Random.Int(0, 500_000));
        if (faker.Random.Bool(0.3f))
        {
            writer.WriteNull("in_reply_to_status_id");
        }

        writer.WriteEndObject();
    }

    private static void Category(Utf8JsonWriter writer, Faker faker) => Category(writer, faker, depth: 0);

    private static void Category(Utf8JsonWriter writer, Faker faker, int depth)
    {
        writer.WriteStartObject();
        writer.WriteString("name", faker.Commerce.Department());
        writer.WriteString("slug", faker.Lorem.Slug(2));
        writer.WriteStartArray("products");
        for (var i = faker.Random.Int(1, 3); i > 0; i--)
        {
            writer.WriteStartObject();
            writer.WriteString("sku", faker.Random.AlphaNumeric(10).ToUpperInvariant());
            writer.WriteString("title", faker.Commerce.ProductName());
            writer.WriteNumber("price", Math.Round(faker.Random.Decimal(1, 2000), 2));
            writer.WriteBoolean("inStock", faker.Random.Bool());
            writer.WriteStartArray("variants");
            for (var v = faker.Random.Int(0, 3); v > 0; v--)
            {
                writer.WriteStartObject();
                writer.WriteString("colour", faker.Commerce.Color());
                writer.WriteNumber("weightKg", Math.Round(faker.Random.Double(0.05, 40), 3));
                writer.WriteStartObject("dimensions");
                writer.WriteNumber("w", faker.Random.Int(1, 200));
                writer.WriteNumber("h", faker.Random.Int(1, 200));
                writer.WriteNumber("d", faker.Random.Int(1, 200));
                writer.WriteEndObject();
                writer.WriteEndObject();
            }

            writer.WriteEndArray();
            writer.WriteEndObject();
        }

        writer.WriteEndArray();
        writer.WriteStartArray("children");
        // Six levels deep at most, two children on average near the top: the shape of a shop's category tree.
        for (var i = depth < 6 ? faker.Random.Int(0, depth < 2 ? 3 : 1) : 0; i > 0; i--)
        {
            Category(writer, faker, depth + 1);
        }

        writer.WriteEndArray();
        writer.WriteEndObject();
    }

    private static void Feature(Utf8JsonWriter writer, Faker faker)
    {
        writer.WriteStartObject();
        writer.WriteString("type", "Feature");
        writer.WriteStartObject("properties");
        writer.WriteString("name", faker.Address.StreetName());
        writer.WriteNumber("population", faker.Random.Int(0, 2_000_000));
        writer.WriteEndObject();
        writer.WriteStartObject("geometry");
        writer.WriteString("type", "Polygon");
        writer.WriteStartArray("coordinates");
        writer.WriteStartArray();
        var (longitude, latitude) = (faker.Random.Double(-180, 180), faker.Random.Double(-85, 85));
        for (var i = faker.Random.Int(20, 200); i > 0; i--)
        {
            writer.WriteStartArray();
            writer.WriteNumberValue(Math.Round(longitude + faker.Random.Double(-0.01, 0.01), 7));
            writer.WriteNumberValue(Math.Round(latitude + faker.Random.Double(-0.01, 0.01), 7));
            writer.WriteEndArray();
        }

        writer.WriteEndArray();
        writer.WriteEndArray();
        writer.WriteEndObject();
        writer.WriteEndObject();
    }
}
