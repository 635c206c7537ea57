import { link } from '@apothecall/domain/navigation/links';
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useT } from '../../../lib/i18n';
import { usePrepayList } from '../api/get-prepay-list';
import { ListState } from '../components/list-state';
import { ProgramList } from '../components/program-list';
import { usePatientReader } from '../hooks/use-patient-reader';

/** How many programs the home lists before 'See all programs'. */
const homeListSize = 3;

/**
 * /prepay-home: the home of a white-label whose home page it is (route guard step
 * 5): what prepaid visits are, the caller's programs, and the way to buy one. A patient reads
 * it as a buyer for themselves and the people they choose, a pharmacy as a buyer for its
 * patients.
 */
export function PrepayHomeScreen() {
  const t = useT();
  const patient = usePatientReader();
  const list = usePrepayList();
  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="prepay-home">
      <Title order={1} size="h2">
        {t('prepayUi.home.title')}
      </Title>
      <Text c="dimmed">{t(patient ? 'prepayUi.home.leadPatient' : 'prepayUi.home.lead')}</Text>
      <SectionCard title={t('prepayUi.home.how')} testId="prepay-home-how">
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>{t('prepayUi.home.step1')}</List.Item>
          <List.Item>{t(patient ? 'prepayUi.home.step2Patient' : 'prepayUi.home.step2')}</List.Item>
          <List.Item>{t(patient ? 'prepayUi.home.step3Patient' : 'prepayUi.home.step3')}</List.Item>
          <List.Item>{t(patient ? 'prepayUi.home.step4Patient' : 'prepayUi.home.step4')}</List.Item>
        </List>
        <Group>
          <Button component={Link} to={link('/prepay-purchase')} data-testid="prepay-buy">
            {t('prepayUi.select.buy')}
          </Button>
        </Group>
      </SectionCard>
      <SectionCard title={t('prepayUi.home.programs')} testId="prepay-home-programs">
        <ListState query={list} empty={<Text>{t('prepayUi.select.empty')}</Text>}>
          {(programs) => (
            <>
              <ProgramList programs={programs.slice(0, homeListSize)} />
              <Group>
                <Button component={Link} to={link('/prepay-select')} variant="default">
                  {t('prepayUi.home.seeAll')}
                </Button>
              </Group>
            </>
          )}
        </ListState>
      </SectionCard>
    </Stack>
  );
}
