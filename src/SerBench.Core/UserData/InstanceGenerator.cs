using System.Collections;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Bogus;

namespace SerBench.Core.UserData;

/// <summary>Fills a user's type when no samples are given: nested classes three levels deep, one to three items per collection.</summary>
[RequiresUnreferencedCode(TypesStudy.LoadsAssembly)]
[RequiresDynamicCode(TypesStudy.LoadsAssembly)]
internal sealed class InstanceGenerator(int seed)
{
    private const int MaxDepth = 3;
    private readonly Faker _faker = new("en") { Random = new Randomizer(seed) };

    public object Create(Type type) => Value(type, depth: 0, name: type.Name) ?? throw new InvalidOperationException($"{type.Name} could not be created");

    private object? Value(Type type, int depth, string name)
    {
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Value(underlying, depth, name);
        }

        var random = _faker.Random;
        switch (Type.GetTypeCode(type))
        {
            case TypeCode.Boolean: return random.Bool();
            case TypeCode.Byte: return random.Byte();
            case TypeCode.SByte: return random.SByte();
            case TypeCode.Int16: return random.Short();
            case TypeCode.UInt16: return random.UShort();
            case TypeCode.Int32: return random.Int(0, 100_000);
            case TypeCode.UInt32: return random.UInt(0, 100_000);
            case TypeCode.Int64: return random.Long(0, 10_000_000_000);
            case TypeCode.UInt64: return random.ULong(0, 10_000_000_000);
            case TypeCode.Single: return (float)Math.Round(random.Double(0, 1000), 2);
            case TypeCode.Double: return Math.Round(random.Double(0, 1000), 4);
            case TypeCode.Decimal: return Math.Round(random.Decimal(0, 10_000), 2);
            case TypeCode.Char: return random.AlphaNumeric(1)[0];
            case TypeCode.String: return Text(name);
            case TypeCode.DateTime: return DateTime.SpecifyKind(_faker.Date.Between(new DateTime(2015, 1, 1), new DateTime(2026, 1, 1)), DateTimeKind.Utc);
        }

        return type switch
        {
            { IsEnum: true } => Enum.GetValues(type) is { Length: > 0 } values ? values.GetValue(random.Int(0, values.Length - 1)) : Activator.CreateInstance(type),
            _ when type == typeof(Guid) => random.Guid(),
            _ when type == typeof(DateTimeOffset) => new DateTimeOffset(_faker.Date.Between(new DateTime(2015, 1, 1), new DateTime(2026, 1, 1)).Ticks / TimeSpan.TicksPerSecond * TimeSpan.TicksPerSecond, TimeSpan.FromHours(random.Int(-8, 9))),
            _ when type == typeof(TimeSpan) => TimeSpan.FromSeconds(random.Int(0, 86_400)),
            _ when type == typeof(Uri) => new Uri(_faker.Internet.Url()),
            _ when type == typeof(byte[]) => random.Bytes(random.Int(4, 32)),
            _ => depth >= MaxDepth ? null : Composite(type, depth, name),
        };
    }

    private object? Composite(Type type, int depth, string name)
    {
        if (type.IsArray && type.GetArrayRank() == 1)
        {
            var items = Items(type.GetElementType()!, depth, name);
            var array = Array.CreateInstance(type.GetElementType()!, items.Count);
            for (var i = 0; i < items.Count; i++)
            {
                array.SetValue(items[i], i);
            }

            return array;
        }

        if (type.IsGenericType && type.GetGenericArguments() is [var key, var item] && typeof(IDictionary).IsAssignableFrom(ConcreteFor(type)))
        {
            var dictionary = (IDictionary)Activator.CreateInstance(ConcreteFor(type))!;
            foreach (var value in Items(item, depth, name))
            {
                var k = Value(key, depth + 1, "key");
                if (k is not null && !dictionary.Contains(k))
                {
                    dictionary.Add(k, value);
                }
            }

            return dictionary;
        }

        if (type.IsGenericType && type.GetGenericArguments() is [var element] && typeof(IList).IsAssignableFrom(ConcreteFor(type)))
        {
            var list = (IList)Activator.CreateInstance(ConcreteFor(type))!;
            foreach (var value in Items(element, depth, name))
            {
                list.Add(value);
            }

            return list;
        }

        if (!type.IsClass || type.IsAbstract || type.GetConstructor(Type.EmptyTypes) is not { } constructor)
        {
            return null; // An interface, an abstract class or a type without a parameterless constructor stays null.
        }

        var instance = constructor.Invoke(null);
        foreach (var property in type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanWrite && p.SetMethod!.IsPublic && p.GetIndexParameters().Length == 0))
        {
            property.SetValue(instance, Value(property.PropertyType, depth + 1, property.Name));
        }

        foreach (var field in type.GetFields(BindingFlags.Public | BindingFlags.Instance).Where(f => !f.IsInitOnly))
        {
            field.SetValue(instance, Value(field.FieldType, depth + 1, field.Name));
        }

        return instance;
    }

    private static Type ConcreteFor(Type type)
    {
        if (!type.IsInterface)
        {
            return type;
        }

        var arguments = type.GetGenericArguments();
        return arguments.Length == 2 ? typeof(Dictionary<,>).MakeGenericType(arguments) : typeof(List<>).MakeGenericType(arguments);
    }

    private List<object?> Items(Type element, int depth, string name) =>
        [.. Enumerable.Range(0, _faker.Random.Int(1, 3)).Select(_ => Value(element, depth + 1, name))];

    private string Text(string name) => name.ToLowerInvariant() switch
    {
        var n when n.Contains("email", StringComparison.Ordinal) => _faker.Internet.Email(),
        var n when n.Contains("name", StringComparison.Ordinal) => _faker.Name.FullName(),
        var n when n.Contains("city", StringComparison.Ordinal) => _faker.Address.City(),
        var n when n.Contains("phone", StringComparison.Ordinal) => _faker.Phone.PhoneNumber(),
        var n when n.Contains("url", StringComparison.Ordinal) => _faker.Internet.Url(),
        _ => _faker.Lorem.Sentence(_faker.Random.Int(2, 8)),
    };
}
