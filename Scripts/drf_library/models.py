import uuid

from django.db import models


class Author(models.Model):
    name = models.CharField(max_length=100)
    born = models.DateField(null=True, blank=True)
    website = models.URLField(blank=True)

    class Meta:
        app_label = "drf_library"
        ordering = ["id"]


class Book(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        PUBLISHED = "published", "Published"
        OUT_OF_PRINT = "out-of-print", "Out of print"

    class Genre(models.IntegerChoices):
        NOVEL = 1, "Novel"
        POETRY = 2, "Poetry"
        ESSAY = 3, "Essay"

    uuid = models.UUIDField(default=uuid.uuid4, editable=False)
    title = models.CharField(max_length=200)
    isbn = models.CharField(max_length=13, unique=True)
    status = models.CharField(max_length=20, choices=Status.choices, blank=True, null=True)
    genre = models.IntegerField(choices=Genre.choices)
    price = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    pages = models.PositiveIntegerField()
    published_on = models.DateField(null=True, blank=True)
    authors = models.ManyToManyField(Author, related_name="books")
    metadata = models.JSONField(default=dict, blank=True)
    rating = models.FloatField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "drf_library"
        ordering = ["id"]


class Loan(models.Model):
    class State(models.TextChoices):
        OPEN = "open", "Open"
        RETURNED = "returned", "Returned"
        LOST = "lost", "Lost"

    book = models.ForeignKey(Book, on_delete=models.CASCADE, related_name="loans")
    borrower = models.CharField(max_length=100)
    due = models.DateTimeField()
    returned_at = models.DateTimeField(null=True, blank=True)
    extension = models.DurationField(null=True, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)

    class Meta:
        app_label = "drf_library"
        ordering = ["due", "id"]
