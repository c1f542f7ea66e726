/** The wizard's three steps as a stepper (step 1 template, 2 settings, 3 review). */
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';

export function WizardSteps({ active }: { active: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <Stepper activeStep={active} alternativeLabel data-testid="lottery-steps" sx={{ py: 1 }}>
      {['step1', 'step2', 'step3'].map((k) => (
        <Step key={k}><StepLabel>{t(`screens.lottery.${k}`)}</StepLabel></Step>
      ))}
    </Stepper>
  );
}
