import { Alert } from "@/components/ui/alert";
import { Card, CardTitle } from "@/components/ui/card";
import { getTranslator } from "@/lib/i18n/server";

export default async function HomePage() {
  const { t } = await getTranslator();
  const steps = [t("home.step1"), t("home.step2"), t("home.step3"), t("home.step4")];
  return (
    <div className="flex flex-col gap-8">
      <div className="max-w-prose">
        <h1 className="text-3xl font-bold">{t("home.heading")}</h1>
        <p className="mt-3 text-lg text-fg-muted">{t("home.lead")}</p>
      </div>
      <Card aria-labelledby="how-it-works" className="max-w-prose">
        <CardTitle>
          <span id="how-it-works">{t("home.stepsHeading")}</span>
        </CardTitle>
        <ol className="mt-4 list-decimal space-y-2 pl-6">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Card>
      <Alert tone="info" className="max-w-prose">
        {t("home.comingSoon")}
      </Alert>
    </div>
  );
}
